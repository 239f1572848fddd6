import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, AccessTokens } from './access-tokens';

describe('AccessTokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens and refuses another key’s', async () => {
    const tokens = new AccessTokens('a'.repeat(40), 'http://portal.test', 60);
    const other = new AccessTokens('b'.repeat(40), 'http://portal.test', 60);
    const token = await tokens.sign({ kind: 'contact', contactId: 7, version: 4 }, 'family-1');
    expect(await tokens.verify(token)).toMatchObject({ kind: 'contact', contactId: 7, familyId: 'family-1', version: 4 });
    expect(await other.verify(token)).toBeUndefined();
    expect(await tokens.verify(`${token}x`)).toBeUndefined();
  });

  it('refuses a contact token without the token version it was issued under', async () => {
    const tokens = new AccessTokens('a'.repeat(40), 'http://portal.test', 60);
    const key = new TextEncoder().encode('a'.repeat(40));
    const unversioned = await new SignJWT({ fam: 'family-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('contact:7')
      .setIssuer('http://portal.test')
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(key);
    expect(await tokens.verify(unversioned)).toBeUndefined();
  });

  it('still ends a remembered token at its expiry', async () => {
    const tokens = new AccessTokens('a'.repeat(40), 'http://portal.test', 60);
    const token = await tokens.sign({ kind: 'staff', staffUserId: 3 }, 'family-2');
    expect(await tokens.verify(token)).toMatchObject({ kind: 'staff', staffUserId: 3 });
    // Remembered now; an hour later it must not be accepted from the memory.
    vi.useFakeTimers({ now: Date.now() + 3600_000, toFake: ['Date'] });
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
