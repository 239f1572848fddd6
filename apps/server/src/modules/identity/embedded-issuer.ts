import { createCipheriv, createDecipheriv, createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';
import type { Db } from '@portal/db/client';
import { findStaff, findStaffByEmail } from './identity.repository';
import * as payloads from './oidc-payloads.repository';
import { verifyPassword } from './passwords';
import type { AttemptCounters } from './attempt-counters';
import { grantImpliedConsent, mountDemoIssuer } from './demo-issuer-mount';
import type { ServerKeys } from '../../lib/secrets';
import { escapeHtml as escape } from '../../lib/html-text';

/**
 * Demo mode's enterprise identity provider: a real OpenID Connect issuer (oidc-provider) at /oidc, with a staff
 * login page of our own at /staff-login/:uid. Production points ENTERPRISE_OIDC_ISSUER at the provider's real
 * one instead; the portal's side of the flow (openid-client) is the same for both.
 */
export const EMBEDDED_CLIENT_ID = 'client-portal';
export const ISSUER_PATH = '/oidc';

/** The embedded client's secret: both sides are this server, so the current secret's key alone. */
export function embeddedClientSecret(keys: ServerKeys): string {
  return keys.signing('oidc-client-secret').key.toString('base64url');
}

/**
 * oidc-provider's state in the database (table oidc_payloads), so that every server process sees it: a staff
 * sign-in started on one process (interaction, session) completes on another (code, grant, token).
 */
export class DatabaseOidcAdapter implements Adapter {
  private static upserts = 0;

  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    await payloads.upsertOidcPayload(this.db, this.model, id, payload as Record<string, unknown>, expiresIn);
    // Expired rows go now and then (one upsert in a hundred), on whichever process happens to write.
    if (++DatabaseOidcAdapter.upserts % 100 === 0) await payloads.pruneOidcPayloads(this.db);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return (await payloads.findOidcPayload(this.db, this.model, id)) as AdapterPayload | undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return (await payloads.findOidcPayloadByUserCode(this.db, this.model, userCode)) as AdapterPayload | undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return (await payloads.findOidcPayloadByUid(this.db, this.model, uid)) as AdapterPayload | undefined;
  }

  async consume(id: string): Promise<void> {
    await payloads.consumeOidcPayload(this.db, this.model, id);
  }

  async destroy(id: string): Promise<void> {
    await payloads.destroyOidcPayload(this.db, this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await payloads.revokeOidcGrant(this.db, grantId);
  }
}

/**
 * The issuer's RS256 signing key, the same on every server process: the first process generates it and stores it
 * encrypted (AES-256-GCM under its own key derived from JWT_SECRET; the row's id follows that key, so it is the
 * key id); every process reads back the stored one. After a rotation the key stored under the previous secret is
 * opened with it and stored again under the current one, so the issuer keeps its key; without it, a new key.
 */
export async function sharedSigningKey(db: Db, keys: ServerKeys): Promise<Record<string, unknown>> {
  const rowId = (key: Buffer) => `signing-key:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
  const [current, previous] = keys.all('oidc-signing-key').map(({ key }) => key);
  let stored = await payloads.readSharedOidcValue(db, rowId(current!));
  if (!stored) {
    const before = previous && (await payloads.readSharedOidcValue(db, rowId(previous)));
    const jwk = before
      ? openSigningKey(previous!, before)
      : (generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as Record<string, unknown>);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', current!, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(jwk)), cipher.final()]);
    await payloads.storeSharedOidcValue(db, rowId(current!), {
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
      data: data.toString('base64url'),
    });
    stored = await payloads.readSharedOidcValue(db, rowId(current!));
  }
  return openSigningKey(current!, stored!);
}

function openSigningKey(key: Buffer, stored: unknown): Record<string, unknown> {
  const { iv, tag, data } = stored as { iv: string; tag: string; data: string };
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')) as Record<
    string,
    unknown
  >;
}

function loginPage(uid: string, error?: string, email = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Staff sign-in | Provider enterprise login</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3f7;color:#1d2733;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;width:min(400px,calc(100vw - 32px));box-sizing:border-box}
h1{font-size:1.4rem;margin:0 0 4px;color:#00597c}p{margin:0 0 20px;color:#52606d}
label{display:block;font-weight:600;margin:16px 0 6px}input{width:100%;box-sizing:border-box;padding:12px;border:1px solid #9aa5b1;border-radius:6px;font-size:1rem}
input:focus{outline:3px solid #00acef;outline-offset:1px}button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:6px;background:#00739f;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:focus{outline:3px solid #1d2733;outline-offset:2px}.error{background:#fdecea;color:#8a1c14;border-radius:6px;padding:10px 12px;margin:0 0 8px}
</style></head><body><main>
<h1>Provider staff sign-in</h1><p>Enterprise login for the staffing provider's own staff.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/staff-login/${escape(uid)}" autocomplete="on">
<label for="email">Work e-mail</label><input id="email" name="email" type="email" required autocomplete="username" value="${escape(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button></form></main></body></html>`;
}

const embeddedIssuerPlugin: FastifyPluginAsync<{ publicOrigin: string; keys: ServerKeys; counters: AttemptCounters }> = async (
  app,
  options,
) => {
  const issuer = `${options.publicOrigin}${ISSUER_PATH}`;
  const db = app.database.db;
  const jwk = { ...(await sharedSigningKey(db, options.keys)), kid: 'embedded-1', alg: 'RS256', use: 'sig' };
  const configuration: Configuration = {
    // Shared by every server process (with the signing key and the cookie keys below).
    adapter: (name: string) => new DatabaseOidcAdapter(db, name),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: embeddedClientSecret(options.keys),
        redirect_uris: [`${options.publicOrigin}/v1/auth/enterprise/callback`],
        post_logout_redirect_uris: [`${options.publicOrigin}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'email', 'profile', 'read'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    // The first key signs; the previous secret's still verifies during a rotation (keygrip).
    cookies: { keys: options.keys.all('oidc-cookie').map(({ key }) => key.toString('base64url')) },
    jwks: { keys: [jwk as never] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/staff-login/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const staff = /^\d+$/.test(id) ? await findStaff(db, Number(id)) : undefined;
      if (!staff) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: staff.email, email_verified: true, name: staff.name }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;

  await mountDemoIssuer(app, provider, ISSUER_PATH, (scope, onRequest) => {
    scope.get<{ Params: { uid: string } }>(
      '/staff-login/:uid',
      { config: { public: true }, onRequest, schema: { hide: true } },
      async (request, reply) => {
        const to = await grantImpliedConsent(provider, request, reply);
        if (to) return reply.redirect(to, 303);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(loginPage(request.params.uid));
      },
    );

    scope.post<{ Params: { uid: string }; Body: { email?: string; password?: string } }>(
      '/staff-login/:uid',
      { config: { public: true }, onRequest, schema: { hide: true } },
      async (request, reply) => {
        await provider.interactionDetails(request.raw, reply.raw);
        const email = String(request.body?.email ?? '').slice(0, 254);
        const password = String(request.body?.password ?? '').slice(0, 1024);
        const key = `staff-login:${request.ip}:${email.trim().toLowerCase()}`;
        const html = (error: string, status: number) =>
          reply
            .code(status)
            .type('text/html; charset=utf-8')
            .send(loginPage(request.params.uid, error, email));
        if ((await options.counters.lockedFor(key)) > 0) return html('Too many attempts. Please wait 15 minutes and try again.', 429);
        const staff = email ? await findStaffByEmail(db, email) : undefined;
        if (!(await verifyPassword(staff?.passwordHash, password)) || !staff) {
          if ((await options.counters.hit(key, 900)) >= 10) await options.counters.lock(key, 900);
          return html('That e-mail address and password do not match a staff account.', 401);
        }
        await options.counters.reset(key);
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: String(staff.id) } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );
  });
};

/** Not encapsulated: the /oidc middleware must see requests that match no Fastify route. */
export const embeddedIssuer = fp(embeddedIssuerPlugin, { name: 'embedded-issuer' });
