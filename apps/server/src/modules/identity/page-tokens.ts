import { SignJWT, errors } from 'jose';
import { systemClock, type Clock } from '../../lib/clock';
import { verifyKeyedJwt } from '../../lib/keyed-jwt';
import { ServerKeys } from '../../lib/secrets';

/**
 * The first-page token: what lets the server draw a contact's first page into the HTML of a cold start (decision
 * 035). An HS256 JWT under a key of its own (`page-token`) and an audience of its own, so it is never an access
 * token and an access token is never one. It names the contact, the sign-in (refresh family) and the contact's token
 * version, and lives as long as the sign-in may; the page that reads it checks the sign-in still holds and the
 * version is still the contact's, as the API does with an access token. It opens no API call.
 */
export const PAGE_TOKEN_AUDIENCE = 'client-portal-first-page';

export interface PageClaims {
  contactId: number;
  familyId: string;
  version: number;
}

export class PageTokens {
  private readonly keys: ServerKeys;
  constructor(
    keys: ServerKeys | string,
    private readonly issuer: string,
    private readonly now: Clock = systemClock,
  ) {
    this.keys = ServerKeys.of(keys);
  }

  async sign(claims: PageClaims, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const { kid, key } = this.keys.signing('page-token');
    return new SignJWT({ fam: claims.familyId, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .setSubject(`contact:${claims.contactId}`)
      .setIssuer(this.issuer)
      .setAudience(PAGE_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key);
  }

  /** The claims, or undefined for a missing, expired, forged or otherwise signed token. */
  async verify(token: string | undefined): Promise<PageClaims | undefined> {
    if (!token || token.length > 2048) return undefined;
    try {
      const { payload } = await verifyKeyedJwt(token, this.keys, 'page-token', {
        issuer: this.issuer,
        audience: PAGE_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp', 'fam', 'ver'],
        clockTolerance: 5,
        currentDate: this.now(),
      });
      const match = /^contact:(\d{1,10})$/.exec(payload.sub ?? '');
      if (!match || typeof payload.fam !== 'string' || !Number.isSafeInteger(payload.ver)) return undefined;
      return { contactId: Number(match[1]), familyId: payload.fam, version: payload.ver as number };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
