import { randomUUID } from 'node:crypto';
import { SignJWT, errors } from 'jose';
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../../lib/clock';
import { verifyKeyedJwt } from '../../lib/keyed-jwt';
import { ServerKeys } from '../../lib/secrets';

/**
 * Access tokens: short-lived HS256 JWTs under the `access-token` key, with the signing secret's key id (`kid`); the
 * previous secret's tokens are accepted during a rotation (lib/secrets.ts ServerKeys). The verifier allows only
 * HS256 and checks iss, aud, exp and iat; a
 * contact's token carries the contact's token version (`ver`), which the authenticate plugin compares with the
 * database: sign-out, a password change or a reset add one to it and so end every earlier token at once, even one
 * issued in the same second.
 */
export const ACCESS_TOKEN_AUDIENCE = 'client-portal-api';

export type AccessClaims =
  | { kind: 'contact'; contactId: number; familyId: string; issuedAt: number; expiresAt: number; version: number }
  | { kind: 'staff'; staffUserId: number; familyId: string; issuedAt: number; expiresAt: number };

export class AccessTokens {
  private readonly keys: ServerKeys;
  constructor(
    /** The server's secrets; a plain secret is a key ring of that one alone. */
    keys: ServerKeys | string,
    private readonly issuer: string,
    readonly ttlSeconds: number,
    /** The wall clock (lib/clock.ts): tokens are issued, and expire, in its time. */
    private readonly now: Clock = systemClock,
  ) {
    this.keys = ServerKeys.of(keys);
  }

  /** `version`: the contact's token version (contacts.token_version) the token is issued under. */
  async sign(
    subject: { kind: 'contact'; contactId: number; version: number } | { kind: 'staff'; staffUserId: number },
    familyId: string,
  ): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const { kid, key } = this.keys.signing('access-token');
    const sub = subject.kind === 'contact' ? `contact:${subject.contactId}` : `staff:${subject.staffUserId}`;
    return new SignJWT(subject.kind === 'contact' ? { fam: familyId, ver: subject.version } : { fam: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .setSubject(sub)
      .setIssuer(this.issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setJti(randomUUID())
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(key);
  }

  /**
   * Tokens already verified, by their exact text: a client sends the same token for up to 30 minutes, and a
   * signature check (WebCrypto, about 0.2 ms) need not be repeated for it. Expiry is still checked every time.
   */
  private readonly verified = new LRUCache<string, { claims: AccessClaims; expiresAt: number }>({ max: 20_000 });

  /** Returns the claims, or undefined for a missing, expired, forged or wrongly signed token. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (this.now().getTime() < known.expiresAt) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    const claims = await this.verifySignature(token);
    if (claims) this.verified.set(token, { claims, expiresAt: claims.expiresAt * 1000 + 5000 });
    return claims;
  }

  private async verifySignature(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await verifyKeyedJwt(token, this.keys, 'access-token', {
        issuer: this.issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp', 'fam'],
        clockTolerance: 5,
        currentDate: this.now(),
      });
      const match = /^(contact|staff):(\d{1,10})$/.exec(payload.sub ?? '');
      if (!match || typeof payload.fam !== 'string' || typeof payload.iat !== 'number') return undefined;
      const id = Number(match[2]);
      const expiresAt = payload.exp!;
      if (match[1] === 'contact' && !Number.isSafeInteger(payload.ver)) return undefined;
      return match[1] === 'contact'
        ? { kind: 'contact', contactId: id, familyId: payload.fam, issuedAt: payload.iat, expiresAt, version: payload.ver as number }
        : { kind: 'staff', staffUserId: id, familyId: payload.fam, issuedAt: payload.iat, expiresAt };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
