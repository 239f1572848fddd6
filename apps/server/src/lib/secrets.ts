import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
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
  | 'access-token'
  | 'file-access-key'
  | 'signed-cookie'
  | 'mail-seal'
  | 'oidc-signing-key'
  | 'oidc-client-secret'
  | 'oidc-cookie'
  | 'sso-client-secret'
  | 'totp-secret'
  | 'page-token';

const KEY_SALT = 'client-portal/v1';

/** The 32-byte key for one purpose of the server secret. */
export function purposeKey(serverSecret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, KEY_SALT, purpose, 32));
}

/**
 * A key's id: 8 characters derived from the secret (HKDF, info `key-id`), the same on every process and for every
 * purpose, which says which secret signed or sealed something without saying anything about the secret.
 */
export function keyIdOf(serverSecret: string): string {
  return Buffer.from(hkdfSync('sha256', serverSecret, KEY_SALT, 'key-id', 6)).toString('base64url');
}

/** One purpose's key of one secret, with that secret's key id. */
export interface PurposeKey {
  readonly kid: string;
  readonly key: Buffer;
}

/**
 * The server's secrets during a rotation: the current one (JWT_SECRET), which alone signs and seals, and the
 * previous one (JWT_SECRET_PREVIOUS, when set), which still verifies and opens what it signed or sealed. What
 * carries a key id is checked with that id's key only; an unknown id is refused. Why and how: docs/decisions/024.
 */
export class ServerKeys {
  private readonly secrets: readonly { kid: string; secret: string }[];
  private readonly derived = new Map<string, PurposeKey>();

  constructor(current: string, previous?: string) {
    if (previous !== undefined && previous === current) throw new Error('the previous server secret equals the current one');
    this.secrets = [current, ...(previous === undefined ? [] : [previous])].map((secret) => ({ kid: keyIdOf(secret), secret }));
    if (this.secrets.length === 2 && this.secrets[0]!.kid === this.secrets[1]!.kid) throw new Error('two server secrets share a key id');
  }

  /** A plain secret is a key ring of that secret alone (tests, tools). */
  static of(keys: ServerKeys | string): ServerKeys {
    return typeof keys === 'string' ? new ServerKeys(keys) : keys;
  }

  /** The current secret's key id. */
  get currentId(): string {
    return this.secrets[0]!.kid;
  }

  /** The key that signs and seals for `purpose`: the current secret's. */
  signing(purpose: KeyPurpose): PurposeKey {
    return this.derive(0, purpose);
  }

  /** Every key that verifies or opens for `purpose`, the current secret's first. */
  all(purpose: KeyPurpose): PurposeKey[] {
    return this.secrets.map((_, index) => this.derive(index, purpose));
  }

  /** The key of this id for `purpose`, when it is the current or the previous secret's. */
  byId(purpose: KeyPurpose, kid: unknown): PurposeKey | undefined {
    const index = this.secrets.findIndex((s) => s.kid === kid);
    return index < 0 ? undefined : this.derive(index, purpose);
  }

  /** Something computed from each secret itself, the current first (keys of formats older than HKDF). */
  fromEachSecret<T>(compute: (secret: string) => T): T[] {
    return this.secrets.map((s) => compute(s.secret));
  }

  private derive(index: number, purpose: KeyPurpose): PurposeKey {
    const { kid, secret } = this.secrets[index]!;
    const name = `${kid}/${purpose}`;
    let key = this.derived.get(name);
    if (!key) {
      key = { kid, key: purposeKey(secret, purpose) };
      this.derived.set(name, key);
    }
    return key;
  }
}

/**
 * The signer of signed cookies (@fastify/cookie's `secret` option): `value.kid.mac`, HMAC-SHA256 of the value under
 * the current secret's `signed-cookie` key. A cookie signed before key ids (`value.mac`) is checked with each key.
 */
export function keyedCookieSigner(keys: ServerKeys) {
  const mac = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('base64url');
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const invalid = { valid: false, renew: false, value: null } as const;
  return {
    sign(value: string): string {
      const { kid, key } = keys.signing('signed-cookie');
      return `${value}.${kid}.${mac(key, value)}`;
    },
    unsign(signed: string): { valid: true; renew: boolean; value: string } | typeof invalid {
      const macAt = signed.lastIndexOf('.');
      if (macAt <= 0) return invalid;
      const head = signed.slice(0, macAt);
      const actual = signed.slice(macAt + 1);
      const kidAt = head.lastIndexOf('.');
      const keyed = kidAt > 0 ? keys.byId('signed-cookie', head.slice(kidAt + 1)) : undefined;
      if (keyed) {
        const value = head.slice(0, kidAt);
        return same(mac(keyed.key, value), actual) ? { valid: true, renew: keyed.kid !== keys.currentId, value } : invalid;
      }
      // Signed before key ids: @fastify/cookie's own format, base64 without padding.
      for (const { key } of keys.all('signed-cookie')) {
        const legacy = createHmac('sha256', key).update(head).digest('base64').replace(/=/g, '');
        if (same(legacy, actual)) return { valid: true, renew: true, value: head };
      }
      return invalid;
    },
  };
}
