import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import Provider, { type Configuration } from 'oidc-provider';
import type { ServerKeys } from '../../lib/secrets';
import type { AttemptCounters } from './attempt-counters';
import { grantImpliedConsent, mountDemoIssuer } from './demo-issuer-mount';
import { DatabaseOidcAdapter, sharedSigningKey } from './embedded-issuer';
import { escapeHtml as escape } from '../../lib/html-text';

/**
 * The demo's stand-in for a school group's own identity provider: a second OpenID Connect issuer (oidc-provider)
 * at /school-idp with a sign-in page at /school-idp-login/:uid, over a small directory of the school's accounts
 * (not portal contacts). The portal reaches it exactly as it would reach a real school's provider: through the
 * group's connection settings (issuer, client id, sealed client secret, domains). Demo surface rules apply.
 */
export const SCHOOL_ISSUER_PATH = '/school-idp';
export const SCHOOL_CLIENT_ID = 'client-portal-school-sso';
const LOGIN_PATH = '/school-idp-login';

export interface DirectoryAccount {
  login: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface SchoolIssuerOptions {
  publicOrigin: string;
  keys: ServerKeys;
  counters: AttemptCounters;
  directory: ReadonlyArray<DirectoryAccount>;
  /** The directory's one password (the demo password). */
  password: string;
  /** The school's name on the sign-in page. */
  schoolName: string;
}

/** The client secret the portal holds for the demo school provider (both sides are this server). */
export function schoolClientSecret(keys: ServerKeys): string {
  return createHash('sha256').update(keys.signing('oidc-client-secret').key).update('school-sso-demo').digest('base64url');
}

function loginPage(schoolName: string, uid: string, error?: string, login = ''): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in | ${escape(schoolName)}</title>
<style>
body{margin:0;font-family:Georgia,"Times New Roman",serif;background:#f3efe6;color:#222;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-top:6px solid #5b2a86;border-radius:8px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;width:min(420px,calc(100vw - 32px));box-sizing:border-box}
h1{font-size:1.4rem;margin:0 0 4px;color:#5b2a86}p{margin:0 0 20px;color:#4a4a4a}
label{display:block;font-weight:600;margin:16px 0 6px;font-family:system-ui,sans-serif}input{width:100%;box-sizing:border-box;padding:12px;border:1px solid #8a8a8a;border-radius:6px;font-size:1rem}
input:focus{outline:3px solid #5b2a86;outline-offset:1px}button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:6px;background:#5b2a86;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:focus{outline:3px solid #222;outline-offset:2px}.error{background:#fdecea;color:#8a1c14;border-radius:6px;padding:10px 12px;margin:0 0 8px}
</style></head><body><main>
<h1>${escape(schoolName)}</h1><p>Sign in with your school account.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${LOGIN_PATH}/${escape(uid)}" autocomplete="on">
<label for="login">School e-mail</label><input id="login" name="login" type="email" required autocomplete="username" value="${escape(login)}">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button></form></main></body></html>`;
}

const samePassword = (given: string, wanted: string) => {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(wanted).digest();
  return timingSafeEqual(a, b);
};

const schoolIssuerPlugin: FastifyPluginAsync<SchoolIssuerOptions> = async (app, options) => {
  const db = app.database.db;
  const jwk = { ...(await sharedSigningKey(db, options.keys)), kid: 'school-1', alg: 'RS256', use: 'sig' };
  const bySub = new Map(options.directory.map((a) => [a.sub, a]));
  const configuration: Configuration = {
    // Its own rows in the shared table, apart from the staff issuer's.
    adapter: (name: string) => new DatabaseOidcAdapter(db, `school-${name}`),
    clients: [
      {
        client_id: SCHOOL_CLIENT_ID,
        client_secret: schoolClientSecret(options.keys),
        redirect_uris: [`${options.publicOrigin}/v1/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    // A school day's sign-in; the portal's own session takes over after the code is redeemed.
    ttl: { Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // Cookie names of its own: the staff issuer on the same origin keeps its sessions.
    cookies: {
      names: { session: '_school_session', interaction: '_school_interaction', resume: '_school_resume' },
      keys: options.keys.all('oidc-cookie').map(({ key }) => key.toString('base64url')),
    },
    jwks: { keys: [jwk as never] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${LOGIN_PATH}/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = bySub.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
  };
  const provider = new Provider(`${options.publicOrigin}${SCHOOL_ISSUER_PATH}`, configuration);
  provider.proxy = true;

  await mountDemoIssuer(app, provider, SCHOOL_ISSUER_PATH, (scope, onRequest) => {
    scope.get<{ Params: { uid: string } }>(
      `${LOGIN_PATH}/:uid`,
      { config: { public: true }, onRequest, schema: { hide: true } },
      async (request, reply) => {
        const to = await grantImpliedConsent(provider, request, reply);
        if (to) return reply.redirect(to, 303);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(loginPage(options.schoolName, request.params.uid));
      },
    );

    scope.post<{ Params: { uid: string }; Body: { login?: string; password?: string } }>(
      `${LOGIN_PATH}/:uid`,
      { config: { public: true }, onRequest, schema: { hide: true } },
      async (request, reply) => {
        await provider.interactionDetails(request.raw, reply.raw);
        const login = String(request.body?.login ?? '').slice(0, 254);
        const password = String(request.body?.password ?? '').slice(0, 1024);
        const key = `school-idp-login:${request.ip}:${login.trim().toLowerCase()}`;
        const html = (error: string, status: number) =>
          reply
            .code(status)
            .type('text/html; charset=utf-8')
            .send(loginPage(options.schoolName, request.params.uid, error, login));
        if ((await options.counters.lockedFor(key)) > 0) return html('Too many attempts. Please wait 15 minutes and try again.', 429);
        const account = options.directory.find((a) => a.login === login.trim().toLowerCase());
        if (!samePassword(password, options.password) || !account) {
          if ((await options.counters.hit(key, 900)) >= 10) await options.counters.lock(key, 900);
          return html('That e-mail address and password do not match a school account.', 401);
        }
        await options.counters.reset(key);
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );
  });
};

/** Not encapsulated: the /school-idp middleware must see requests that match no Fastify route. */
export const schoolSsoDemoIssuer = fp(schoolIssuerPlugin, { name: 'school-sso-demo-issuer' });
