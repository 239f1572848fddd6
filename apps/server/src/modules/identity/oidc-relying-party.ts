import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import * as oidc from 'openid-client';
import { AppError } from '../../lib/app-error';
import type { ProviderIdentity } from './staff-identity';

/**
 * The portal's side of an OpenID Connect sign-in (openid-client, authorization code with PKCE, state and nonce),
 * shared by the enterprise login of provider staff and the single sign-on of school groups: the issuer's
 * configuration discovered once, the flow's secrets in a signed transaction cookie, and the answer checked.
 */
export interface RelyingParty {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** For an issuer this server embeds: answer its calls in-process instead of over the network. */
  fetch?: oidc.CustomFetch;
}

/** The transaction cookie: its name, the path it is sent to (the flow's routes) and whether only over https. */
export interface FlowCookie {
  name: string;
  path: string;
  secure: boolean;
}

/** The issuer's configuration, discovered once (and again after a failure, which is a 503 saying `unreachable`). */
export function discovery(party: RelyingParty, unreachable: string): () => Promise<oidc.Configuration> {
  let configuration: Promise<oidc.Configuration> | undefined;
  return () =>
    (configuration ??= oidc
      .discovery(
        new URL(party.issuer),
        party.clientId,
        undefined,
        party.clientSecret ? oidc.ClientSecretBasic(party.clientSecret) : oidc.None(),
        {
          ...(party.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
          ...(party.fetch ? { [oidc.customFetch]: party.fetch } : {}),
        },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new AppError('service-unavailable', { detail: unreachable, cause: error });
      }));
}

interface FlowSecrets {
  verifier: string;
  state: string;
  nonce: string;
}

/**
 * Starts a flow: fresh PKCE verifier, state and nonce, kept with `extra` in the signed transaction cookie (10
 * minutes), and the issuer's authorization URL to send the browser to.
 */
export async function beginFlow(
  reply: FastifyReply,
  config: oidc.Configuration,
  options: { cookie: FlowCookie; redirectUri: string; scope: string; extra: Record<string, unknown> },
): Promise<URL> {
  const secrets: FlowSecrets = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
  reply.setCookie(options.cookie.name, JSON.stringify({ ...options.extra, ...secrets }), {
    path: options.cookie.path,
    httpOnly: true,
    // Lax: the issuer sends the browser back with a top-level GET from its own site.
    sameSite: 'lax',
    secure: options.cookie.secure,
    signed: true,
    maxAge: 600,
  });
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: options.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.verifier),
    code_challenge_method: 'S256',
    state: secrets.state,
    nonce: secrets.nonce,
  });
}

/**
 * The flow of this browser, read from its transaction cookie and cleared at once (a flow is finished once):
 * undefined when there is none, its signature fails or it is not of `schema`'s shape.
 */
export function takeFlow<S extends z.ZodType<FlowSecrets>>(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: FlowCookie,
  schema: S,
): z.infer<S> | undefined {
  const raw = request.cookies[cookie.name];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  reply.clearCookie(cookie.name, { path: cookie.path });
  if (!unsigned?.valid || !unsigned.value) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Redeems the code of the issuer's answer (state, nonce, PKCE, issuer and audience checked by openid-client) and
 * says who signed in: the ID token's subject and, from it or from userinfo, the e-mail and whether it is verified.
 */
export async function finishFlow(
  config: oidc.Configuration,
  request: FastifyRequest,
  redirectUri: string,
  flow: FlowSecrets,
): Promise<{ tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers; identity: ProviderIdentity }> {
  // The issuer's answer (code, state, iss) read onto our own registered redirect URI: the raw request target
  // may be absolute-form or oddly spelled, and must not choose the origin the code is redeemed for.
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}${query}`), {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  let identity: ProviderIdentity = { sub: claims?.sub, email: claims?.email, email_verified: claims?.email_verified };
  // Issuers commonly keep scope claims for the userinfo endpoint rather than the ID token (its subject is
  // checked against the ID token's by openid-client).
  if ((typeof identity.email !== 'string' || identity.email_verified === undefined) && claims?.sub) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    identity = { sub: claims.sub, email: info.email, email_verified: info.email_verified };
  }
  return { tokens, identity };
}
