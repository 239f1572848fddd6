import { decodeProtectedHeader, errors, jwtVerify, type JWTHeaderParameters, type JWTVerifyOptions, type JWTVerifyResult } from 'jose';
import type { KeyPurpose, ServerKeys } from './secrets';

/**
 * Verifies an HS256 JWT of `purpose` signed with the current or the previous server secret. A token with a key id
 * (`kid` in its protected header) is checked with that id's key only, and refused when the id is unknown; a token
 * without one (issued before key ids) is checked with each key in turn. Throws jose's errors, as jwtVerify does.
 */
export async function verifyKeyedJwt(
  token: string,
  keys: ServerKeys,
  purpose: KeyPurpose,
  options: JWTVerifyOptions,
): Promise<JWTVerifyResult> {
  const candidates = keys.all(purpose);
  let failure: unknown;
  for (const candidate of candidates) {
    const keyOf = ({ kid }: JWTHeaderParameters) => {
      if (kid === undefined) return candidate.key;
      const key = keys.byId(purpose, kid);
      if (!key) throw new errors.JWKSNoMatchingKey('no key has this key id');
      return key.key;
    };
    try {
      return await jwtVerify(token, keyOf, { ...options, algorithms: ['HS256'] });
    } catch (error) {
      // Only a key-id-less token whose signature did not match this key is tried with the next.
      if (!(error instanceof errors.JWSSignatureVerificationFailed) || hasKeyId(token)) throw error;
      failure = error;
    }
  }
  throw failure;
}

function hasKeyId(token: string): boolean {
  try {
    return decodeProtectedHeader(token).kid !== undefined;
  } catch {
    return false;
  }
}
