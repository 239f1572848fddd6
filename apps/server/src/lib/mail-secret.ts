import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ServerKeys } from './secrets';

/**
 * The bodies of queued mail that carry a secret link (password reset, unlock) are sealed with AES-256-GCM while
 * they wait, so a copy of the database does not hold usable links; tokens themselves are stored only hashed.
 *
 * `sealed:v2:<kid>:<iv|tag|ciphertext>`: sealed under the `mail-seal` key of the secret with that key id, the key
 * id bound in as additional data; it opens with that key only, so mail queued before a rotation still sends while
 * the previous secret is configured. `sealed:v1:…` (before key ids) opens with any key that fits.
 */
const PREFIX = 'sealed:v2:';
const LEGACY_PREFIX = 'sealed:v1:';

/** A key that seals or opens mail bodies; `kid` null for the keys of bodies sealed before key ids only. */
export interface MailKey {
  kid: string | null;
  key: Buffer;
}

/**
 * The keys that open a sealed body, the one that seals first: each secret's `mail-seal` key (current, then
 * previous), then how bodies were sealed before each use of the server secret had its own HKDF key (a mail queued
 * then may still be waiting for a retry).
 */
export function secretKeys(serverKeys: ServerKeys | string): [seal: MailKey, ...open: MailKey[]] {
  const keys = ServerKeys.of(serverKeys);
  const [seal, ...others] = keys.all('mail-seal');
  const beforeHkdf = keys.fromEachSecret((secret) => ({ kid: null, key: createHash('sha256').update(`mail-queue:${secret}`).digest() }));
  return [seal!, ...others, ...beforeHkdf];
}

export function sealSecret({ kid, key }: MailKey, plain: string): string {
  if (kid === null) throw new Error('mail is sealed with a key that has a key id');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${kid}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens a sealed body with the key it was sealed with; throws when none of `keys` is that key. */
export function openSecret(keys: readonly MailKey[], sealed: string): string {
  if (sealed.startsWith(PREFIX)) {
    const rest = sealed.slice(PREFIX.length);
    const colon = rest.indexOf(':');
    const kid = rest.slice(0, colon);
    const key = colon > 0 ? keys.find((k) => k.kid === kid) : undefined;
    if (!key) throw new Error('mail body sealed under a server secret no longer configured');
    return decrypt(key.key, Buffer.from(rest.slice(colon + 1), 'base64url'), Buffer.from(kid, 'utf8'));
  }
  if (!sealed.startsWith(LEGACY_PREFIX)) throw new Error('mail body is not sealed');
  const raw = Buffer.from(sealed.slice(LEGACY_PREFIX.length), 'base64url');
  let failure: unknown = new Error('no key to open the mail body');
  for (const { key } of keys) {
    try {
      return decrypt(key, raw);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function decrypt(key: Buffer, raw: Buffer, aad?: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
