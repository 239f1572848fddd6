import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Demo mode without JWT_SECRET: a random secret kept in DATA_DIR so tokens survive a restart. */
export function demoJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * What the server's one secret (JWT_SECRET) is used for. Each use gets a key of its own, derived with HKDF-SHA256
 * (RFC 5869), so no key serves two purposes: an access token's key cannot sign a file key, a leaked file key says
 * nothing about the mail seal, and so on.
 */
export type KeyPurpose =
  'access-token' | 'file-access-key' | 'signed-cookie' | 'mail-seal' | 'oidc-signing-key' | 'oidc-client-secret' | 'oidc-cookie';

const KEY_SALT = 'client-portal/v1';

/** The 32-byte key for one purpose of the server secret. */
export function purposeKey(serverSecret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, KEY_SALT, purpose, 32));
}
