import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens, ACCESS_TOKEN_AUDIENCE } from '../modules/identity/access-tokens';
import { openSecret, sealSecret, secretKeys } from './mail-secret';
import { verifyKeyedJwt } from './keyed-jwt';
import { keyedCookieSigner, keyIdOf, purposeKey, ServerKeys, type KeyPurpose } from './secrets';

const SECRET = 'a-server-secret-of-enough-length-0123456789';
const OTHER = 'another-secret-of-enough-length-0123456789';
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
    expect(seal.key.equals(purposeKey(SECRET, 'mail-seal'))).toBe(true);
    expect(seal.kid).toBe(keyIdOf(SECRET));
    expect(openSecret([seal, ...open], sealSecret(seal, 'reset link'))).toBe('reset link');
    const before = createHash('sha256').update(`mail-queue:${SECRET}`).digest();
    expect(openSecret(secretKeys(SECRET), legacySeal(before, 'unlock link'))).toBe('unlock link');
    expect(openSecret(secretKeys(SECRET), legacySeal(seal.key, 'reset link'))).toBe('reset link');
    expect(() => openSecret(secretKeys(OTHER), sealSecret(seal, 'x'))).toThrow();
  });
});

/** How bodies were sealed before key ids (`sealed:v1:`). */
function legacySeal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `sealed:v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

describe('a rotation: the current secret signs and seals, the previous one still verifies and opens', () => {
  const before = new ServerKeys(SECRET);
  const during = new ServerKeys(OTHER, SECRET);
  const after = new ServerKeys(OTHER);

  it('names each secret by a key id of its own that is none of its keys', () => {
    expect(keyIdOf(SECRET)).toMatch(/^[\w-]{8}$/);
    expect(keyIdOf(SECRET)).not.toBe(keyIdOf(OTHER));
    expect(during.currentId).toBe(keyIdOf(OTHER));
    expect(during.signing('access-token').kid).toBe(keyIdOf(OTHER));
    expect(during.all('access-token').map((k) => k.kid)).toEqual([keyIdOf(OTHER), keyIdOf(SECRET)]);
    expect(during.byId('access-token', keyIdOf(SECRET))?.key.equals(purposeKey(SECRET, 'access-token'))).toBe(true);
    expect(during.byId('access-token', 'unknown1')).toBeUndefined();
    expect(() => new ServerKeys(SECRET, SECRET)).toThrow();
  });

  it('opens mail sealed under the previous secret, before and after key ids, and not once that secret is gone', () => {
    const sealedBefore = sealSecret(secretKeys(before)[0], 'reset link');
    expect(sealedBefore).toMatch(new RegExp(`^sealed:v2:${keyIdOf(SECRET)}:`));
    expect(openSecret(secretKeys(during), sealedBefore)).toBe('reset link');
    const legacy = legacySeal(createHash('sha256').update(`mail-queue:${SECRET}`).digest(), 'unlock link');
    expect(openSecret(secretKeys(during), legacy)).toBe('unlock link');
    expect(openSecret(secretKeys(during), legacySeal(purposeKey(SECRET, 'mail-seal'), 'x'))).toBe('x');
    expect(() => openSecret(secretKeys(after), sealedBefore)).toThrow(/no longer configured/);
    expect(() => openSecret(secretKeys(after), legacy)).toThrow();
    // Another key id on the same body: the key id is bound to the ciphertext.
    const relabelled = sealedBefore.replace(keyIdOf(SECRET), keyIdOf(OTHER));
    expect(() => openSecret(secretKeys(during), relabelled)).toThrow();
    expect(sealSecret(secretKeys(during)[0], 'y')).toMatch(new RegExp(`^sealed:v2:${keyIdOf(OTHER)}:`));
  });

  it('unsigns cookies of the previous secret (asking for renewal), of the current one, and from before key ids', () => {
    const old = keyedCookieSigner(before);
    const now = keyedCookieSigner(during);
    const value = '{"state":"a.b"}';
    expect(now.unsign(old.sign(value))).toEqual({ valid: true, renew: true, value });
    expect(now.unsign(now.sign(value))).toEqual({ valid: true, renew: false, value });
    expect(now.sign(value)).toContain(`.${keyIdOf(OTHER)}.`);
    expect(now.unsign(fastifySign(value, purposeKey(SECRET, 'signed-cookie')))).toEqual({ valid: true, renew: true, value });
    expect(keyedCookieSigner(after).unsign(old.sign(value)).valid).toBe(false);
    expect(now.unsign(`${old.sign(value)}x`).valid).toBe(false);
    expect(now.unsign(old.sign(value).replace('a.b', 'a.c')).valid).toBe(false);
    expect(now.unsign('no-signature').valid).toBe(false);
  });

  it('verifies JWTs by their key id: the previous secret’s during the window, an unknown id never', async () => {
    const sign = (keys: ServerKeys, kid?: string) =>
      new SignJWT({})
        .setProtectedHeader(kid === undefined ? { alg: 'HS256' } : { alg: 'HS256', kid })
        .setExpirationTime('1m')
        .sign(keys.signing('file-access-key').key);
    const verify = (token: string, keys: ServerKeys) => verifyKeyedJwt(token, keys, 'file-access-key', {});
    await expect(verify(await sign(before, keyIdOf(SECRET)), during)).resolves.toBeTruthy();
    await expect(verify(await sign(before), during)).resolves.toBeTruthy();
    await expect(verify(await sign(during, keyIdOf(OTHER)), during)).resolves.toBeTruthy();
    await expect(verify(await sign(before, keyIdOf(SECRET)), after)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    await expect(verify(await sign(before), after)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    // The previous secret's signature under the current key id: checked with the current key only.
    await expect(verify(await sign(before, keyIdOf(OTHER)), during)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    await expect(verify('not.a.token', during)).rejects.toBeInstanceOf(errors.JOSEError);
  });
});

/** @fastify/cookie's own signature (before key ids). */
function fastifySign(value: string, key: Buffer): string {
  return `${value}.${createHmac('sha256', key).update(value).digest('base64').replace(/=/g, '')}`;
}
