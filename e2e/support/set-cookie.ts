/** A cookie as Playwright's `BrowserContext.addCookies` takes it. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  sameSite: 'Strict';
}

/**
 * The cookies a sign-in's answer sets (the httpOnly refresh token and first-page token, and the signed-in hint), for a
 * browser on `host`:
 * the journeys and the web bench put them in a fresh browser, which then signs itself in as a returning visitor's
 * does. The server sets them SameSite=Strict.
 */
export function signInCookies(response: Response, host: string): BrowserCookie[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: host,
      path: attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/',
      httpOnly: attributes.some((a) => /^httponly$/i.test(a)),
      sameSite: 'Strict' as const,
    };
  });
}
