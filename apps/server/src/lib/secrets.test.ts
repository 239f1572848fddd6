import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens, ACCESS_TOKEN_AUDIENCE } from '../modules/identity/access-tokens';
import { openSecret, sealSecret, secretKeys } from './mail-secret';
import { purposeKey, type KeyPurpose } from './secrets';

const SECRET = 'a-server-secret-of-enough-length-0123456789';
const PURPOSES: KeyPurpose[] = [
  'access-token',
  'file-access-key',
  'signed-cookie',
  'mail-seal',
  'oidc-signing-key',
  'oidc-client-secret',
  'oidc-cookie',
];

describe('one key per purpose of the server secret (HKDF-SHA256)', () => {
  it('gives every purpose its own 32-byte key, the same on every process, never the secret itself', () => {
    const keys = PURPOSES.map((purpose) => purposeKey(SECRET, purpose));
    expect(keys.every((key) => key.length === 32)).toBe(true);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(PURPOSES.length);
    expect(purposeKey(SECRET, 'access-token').equals(purposeKey(SECRET, 'access-token'))).toBe(true);
    expect(keys.some((key) => key.toString('utf8').includes(SECRET))).toBe(false);
    expect(purposeKey(`${SECRET}x`, 'access-token').equals(purposeKey(SECRET, 'access-token'))).toBe(false);
  });

  it('refuses an access token signed with the secret itself (as before the keys were derived)', async () => {
    const tokens = new AccessTokens(SECRET, 'https://portal.test', 900);
    const now = Math.floor(Date.now() / 1000);
    const raw = await new SignJWT({ fam: 'f', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('contact:1')
      .setIssuer('https://portal.test')
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(raw)).toBeUndefined();
    const issued = await tokens.sign({ kind: 'contact', contactId: 1, version: 0 }, 'f');
    expect(await tokens.verify(issued)).toMatchObject({ kind: 'contact', contactId: 1 });
  });

  it('opens mail sealed with the mail key, and mail sealed before it (a retry still waiting), but not another server’s', () => {
    const [seal, ...open] = secretKeys(SECRET);
    expect(seal.equals(purposeKey(SECRET, 'mail-seal'))).toBe(true);
    expect(openSecret([seal, ...open], sealSecret(seal, 'reset link'))).toBe('reset link');
    const before = createHash('sha256').update(`mail-queue:${SECRET}`).digest();
    expect(openSecret(secretKeys(SECRET), sealSecret(before, 'unlock link'))).toBe('unlock link');
    expect(() => openSecret(secretKeys('another-secret-of-enough-length-0123456789'), sealSecret(seal, 'x'))).toThrow();
  });
});
