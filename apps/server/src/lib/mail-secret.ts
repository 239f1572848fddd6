import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The bodies of queued mail that carry a secret link (password reset, unlock) are sealed with AES-256-GCM while
 * they wait, so a copy of the database does not hold usable links; tokens themselves are stored only hashed.
 */
const PREFIX = 'sealed:v1:';

export function secretKey(serverSecret: string): Buffer {
  return createHash('sha256').update(`mail-queue:${serverSecret}`).digest();
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error('mail body is not sealed');
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
