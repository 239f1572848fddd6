import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as oidc from 'openid-client';
import { ProblemDetails } from '@portal/contract/problems';
import { clearSessionCookies, REFRESH_COOKIE, REFRESH_COOKIE_PATH, setSessionCookies } from './session-cookies';
import { beginFlow, discovery, finishFlow, takeFlow, type FlowCookie, type RelyingParty } from './oidc-relying-party';

/**
 * The portal's side of the enterprise login (OpenID Connect, authorization code with PKCE, state and nonce):
 * provider staff sign in here before they impersonate a contact. The web app sends the browser to /start with
 * the contact id; the callback starts a staff session and returns to /user/impersonate/{contactId}.
 */
const FLOW_COOKIE = 'portal_oidc';
const ID_TOKEN_COOKIE = 'portal_idt';
const FLOW_PATH = '/v1/auth/enterprise';

export type EnterpriseLoginOptions = RelyingParty;

const FlowState = z.object({ verifier: z.string(), state: z.string(), nonce: z.string(), contactId: z.number().int() });

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What the three steps share: where the flow returns, the cookies' settings and the issuer's configuration. */
interface Login {
  origin: string;
  redirectUri: string;
  clientId: string;
  /** Cookies only over https when the portal is served so. */
  secure: boolean;
  flowCookie: FlowCookie;
  refreshSeconds: number;
  /** The issuer's configuration, discovered once (and again after a failure). */
  discover: () => Promise<oidc.Configuration>;
}

const back = (contactId: number | string, query: string) => `/user/impersonate/${encodeURIComponent(String(contactId))}?${query}`;

const enterpriseLoginRoutes: FastifyPluginAsyncZod<EnterpriseLoginOptions> = async (app, options) => {
  const origin = app.config.publicOrigin;
  const login: Login = {
    origin,
    redirectUri: `${origin}${FLOW_PATH}/callback`,
    clientId: options.clientId,
    secure: origin.startsWith('https:'),
    refreshSeconds: app.config.auth.refreshAbsoluteSeconds,
    flowCookie: { name: FLOW_COOKIE, path: FLOW_PATH, secure: origin.startsWith('https:') },
    discover: discovery(options, 'The enterprise login is not reachable right now.'),
  };
  startRoute(app, login);
  callbackRoute(app, login);
  logoutRoute(app, login);
};

/** /start: the flow's secrets in a signed cookie, then off to the issuer. */
function startRoute(app: App, login: Login): void {
  const auth = app.services.auth;
  app.get(
    `${FLOW_PATH}/start`,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Provider staff: start the enterprise login, to impersonate the given contact afterwards',
        // A browser navigation answered with a redirect (like the callback and logout below), not an API call.
        hide: true,
        querystring: z.strictObject({ contactId: z.coerce.number().int().min(1).describe('The contact to impersonate after sign-in') }),
        response: { 429: ProblemDetails },
      },
    },
    async (request, reply) => {
      await auth.enterpriseLoginStarted({ ip: request.ip, requestId: request.id });
      const config = await login.discover();
      const url = await beginFlow(reply, config, {
        cookie: login.flowCookie,
        redirectUri: login.redirectUri,
        scope: 'openid email read',
        extra: { contactId: request.query.contactId },
      });
      return reply.redirect(url.href, 302);
    },
  );
}

/** /callback: the issuer's answer checked, the staff member matched, a staff session started. */
function callbackRoute(app: App, login: Login): void {
  const auth = app.services.auth;
  app.get(
    `${FLOW_PATH}/callback`,
    { config: { public: true }, schema: { tags: ['auth'], summary: 'Return from the enterprise login', hide: true } },
    async (request, reply) => {
      const flow = takeFlow(request, reply, login.flowCookie, FlowState);
      if (!flow) return reply.redirect('/login?impersonation=failed', 303);
      // The staff member cancelled at the issuer: the web app then shows no failure (spec §8).
      if ((request.query as Record<string, unknown>).error === 'access_denied')
        return reply.redirect(back(flow.contactId, 'error=cancelled'), 303);
      try {
        const { tokens, identity } = await finishFlow(await login.discover(), request, login.redirectUri, flow);
        const staff = await auth.matchStaff(identity);
        if (!staff) return reply.redirect(back(flow.contactId, 'error=unknown-staff'), 303);
        const session = await auth.staffSession(staff.id, { ip: request.ip, requestId: request.id });
        setSessionCookies(reply, session.refreshToken, { secure: login.secure, maxAge: login.refreshSeconds });
        if (tokens.id_token)
          reply.setCookie(ID_TOKEN_COOKIE, tokens.id_token, {
            path: REFRESH_COOKIE_PATH,
            httpOnly: true,
            sameSite: 'lax',
            secure: login.secure,
            maxAge: login.refreshSeconds,
          });
        return reply.redirect(back(flow.contactId, 'signedIn=1'), 303);
      } catch (error) {
        request.log.warn({ err: error }, 'enterprise login failed');
        return reply.redirect(back(flow.contactId, 'error=failed'), 303);
      }
    },
  );
}

/** /logout: the staff session ended here, then at the issuer. */
function logoutRoute(app: App, login: Login): void {
  const auth = app.services.auth;
  app.get(
    `${FLOW_PATH}/logout`,
    { config: { public: true }, schema: { tags: ['auth'], summary: 'Provider staff: sign out through the enterprise logout', hide: true } },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE], undefined);
      const idToken = request.cookies[ID_TOKEN_COOKIE];
      clearSessionCookies(reply);
      reply.clearCookie(ID_TOKEN_COOKIE, { path: REFRESH_COOKIE_PATH });
      try {
        const config = await login.discover();
        const url = oidc.buildEndSessionUrl(config, {
          post_logout_redirect_uri: `${login.origin}/login`,
          client_id: login.clientId,
          ...(idToken ? { id_token_hint: idToken } : {}),
        });
        return reply.redirect(url.href, 303);
      } catch {
        return reply.redirect('/login', 303);
      }
    },
  );
}

export default enterpriseLoginRoutes;
