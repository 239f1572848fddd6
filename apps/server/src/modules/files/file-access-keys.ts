import { SignJWT, errors } from 'jose';
import { FILE_ACCESS_KEY_TTL_SECONDS } from '@portal/contract/files';
import { systemClock, type Clock } from '../../lib/clock';
import { verifyKeyedJwt } from '../../lib/keyed-jwt';
import { ServerKeys } from '../../lib/secrets';

/**
 * Access keys for downloading a general file without a bearer header (spec §7 file/generateAccessToken, then
 * file/({accessKey})): HS256 JWTs with their own audience, so a key is never an access token and an access
 * token never a key. Kept small (no issuer, no id) because the key travels in a path segment; the header names the
 * signing secret's key id, so a key made before a rotation still works during it (lib/secrets.ts ServerKeys).
 */
export const FILE_ACCESS_AUDIENCE = 'file-access';

export type AccessKeyCheck = { ok: true; fileId: number } | { ok: false; reason: 'expired' | 'invalid' };

export class FileAccessKeys {
  private readonly keys: ServerKeys;
  constructor(
    /** The server's secrets; a plain secret is a key ring of that one alone. */
    keys: ServerKeys | string,
    /** The wall clock (lib/clock.ts): keys are issued, and expire, in its time. */
    private readonly now: Clock = systemClock,
  ) {
    this.keys = ServerKeys.of(keys);
  }

  async sign(fileId: number): Promise<string> {
    const { kid, key } = this.keys.signing('file-access-key');
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid })
      .setSubject(String(fileId))
      .setAudience(FILE_ACCESS_AUDIENCE)
      .setExpirationTime(Math.floor(this.now().getTime() / 1000) + FILE_ACCESS_KEY_TTL_SECONDS)
      .sign(key);
  }

  async verify(accessKey: string): Promise<AccessKeyCheck> {
    try {
      const { payload } = await verifyKeyedJwt(accessKey, this.keys, 'file-access-key', {
        audience: FILE_ACCESS_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
        currentDate: this.now(),
      });
      const fileId = /^\d{1,10}$/.test(payload.sub ?? '') ? Number(payload.sub) : NaN;
      return Number.isSafeInteger(fileId) && fileId > 0 ? { ok: true, fileId } : { ok: false, reason: 'invalid' };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      if (error instanceof errors.JOSEError) return { ok: false, reason: 'invalid' };
      throw error;
    }
  }
}
