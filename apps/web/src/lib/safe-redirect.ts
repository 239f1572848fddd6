/**
 * Only same-site paths are followed after sign-in, never another origin. A browser reads `\` as `/` in a URL, so
 * `/\evil.example` would leave the site: backslashes and control characters are refused outright, and what is left
 * must resolve to this origin.
 */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return undefined;
  if ([...target].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  const base = 'https://portal.invalid';
  try {
    return new URL(target, base).origin === base ? target : undefined;
  } catch {
    return undefined;
  }
}
