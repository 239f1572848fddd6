import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { purposeKey } from './secrets';

/**
 * The bodies of queued mail that carry a secret link (password reset, unlock) are sealed with AES-256-GCM while
 * they wait, so a copy of the database does not hold usable links; tokens themselves are stored only hashed.
 */
const PREFIX = 'sealed:v1:';

/**
 * The keys that open a sealed body, the one that seals first. The second is how bodies were sealed before each use
 * of the server secret had its own HKDF key: a mail queued then may still be waiting for a retry.
 */
export function secretKeys(serverSecret: string): [seal: Buffer, ...open: Buffer[]] {
  return [purposeKey(serverSecret, 'mail-seal'), createHash('sha256').update(`mail-queue:${serverSecret}`).digest()];
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens a sealed body with the first of `keys` it was sealed with; throws when none opens it. */
export function openSecret(keys: readonly Buffer[], sealed: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error('mail body is not sealed');
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  let failure: unknown = new Error('no key to open the mail body');
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
