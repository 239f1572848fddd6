/**
 * Only same-site paths are followed after sign-in, never another origin. A browser reads `\` as `/` in a URL, so
 * `/\evil.example` would leave the site: backslashes and control characters are refused outright, and what is left
 * must resolve to this origin.
 */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return undefined;
  const base = 'https://portal.invalid';
  try {
    return new URL(target, base).origin === base ? target : undefined;
  } catch {
    return undefined;
  }
}
