import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type * as oidc from 'openid-client';
import { ProblemDetails } from '@portal/contract/problems';
import {
  SsoDiscoverBody,
  SsoDiscoverResponse,
  SsoSettingsBody,
  SsoSettingsResponse,
  SsoStartQuery,
  type SsoFailure,
} from '@portal/contract/school-sso';
import { setSessionCookies } from './session-cookies';
import { beginFlow, discovery, finishFlow, takeFlow, type FlowCookie } from './oidc-relying-party';
import { SSO_START_PATH, partyKey, type SsoConnection } from './school-sso.service';

/**
 * HTTP of single sign-on per school group: discovery for the sign-in page, then the OpenID Connect flow (the same
 * machinery as the enterprise login: oidc-relying-party.ts) to the group's own provider and back. The start URL
 * names an e-mail domain only: the provider is the one configured for it, never one the request chooses.
 */
const FLOW_PATH = '/v1/auth/sso';
const FlowState = z.object({ verifier: z.string(), state: z.string(), nonce: z.string(), connectionId: z.number().int() });

export interface SchoolSsoRoutesOptions {
  /** Answers calls to this server's own origin in-process (the demo's school provider), others over the network. */
  fetch?: oidc.CustomFetch;
}

type App = Parameters<FastifyPluginAsyncZod>[0];

const failed = (reason: SsoFailure) => `/login?sso=${reason}`;

const schoolSsoRoutes: FastifyPluginAsyncZod<SchoolSsoRoutesOptions> = async (app, options) => {
  const origin = app.config.publicOrigin;
  const cookie: FlowCookie = { name: 'portal_sso', path: FLOW_PATH, secure: origin.startsWith('https:') };
  const redirectUri = `${origin}${FLOW_PATH}/callback`;
  // Each provider's configuration is discovered once per process (again after a change of its settings).
  const configurations = new Map<string, () => Promise<oidc.Configuration>>();
  const configurationOf = (connection: SsoConnection) => {
    const key = partyKey(connection.party);
    let discover = configurations.get(key);
    if (!discover) {
      discover = discovery({ ...connection.party, fetch: options.fetch }, "Your school's sign-in is not reachable right now.");
      configurations.set(key, discover);
    }
    return discover();
  };
  discoverRoute(app);
  settingsRoute(app);

  app.get(
    SSO_START_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "Start single sign-on through the provider of the e-mail domain's school group",
        // A browser navigation answered with a redirect, not an API call.
        hide: true,
        querystring: SsoStartQuery,
        response: { 404: ProblemDetails, 429: ProblemDetails },
      },
    },
    async (request, reply) => {
      const connection = await app.services.schoolSso.connectionForStart(request.query.domain, { ip: request.ip, requestId: request.id });
      const url = await beginFlow(reply, await configurationOf(connection), {
        cookie,
        redirectUri,
        scope: 'openid email',
        extra: { connectionId: connection.id },
      });
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    `${FLOW_PATH}/callback`,
    { config: { public: true }, schema: { tags: ['auth'], summary: "Return from a school's single sign-on", hide: true } },
    async (request, reply) => {
      const flow = takeFlow(request, reply, cookie, FlowState);
      if (!flow) return reply.redirect(failed('failed'), 303);
      // Cancelled at the provider: back to the sign-in page, no failure to show.
      if ((request.query as Record<string, unknown>).error === 'access_denied') return reply.redirect('/login', 303);
      const meta = { ip: request.ip, requestId: request.id };
      try {
        const connection = await app.services.schoolSso.connectionById(flow.connectionId);
        if (!connection) return reply.redirect(failed('failed'), 303);
        const { identity } = await finishFlow(await configurationOf(connection), request, redirectUri, flow);
        const outcome = await app.services.schoolSso.signIn(connection.id, identity, meta);
        if (!outcome.ok) return reply.redirect(failed(outcome.reason), 303);
        setSessionCookies(reply, outcome.refreshToken, { secure: cookie.secure, maxAge: app.config.auth.refreshAbsoluteSeconds });
        // The web app starts by asking /v1/auth/refresh, which now answers with this sign-in.
        return reply.header('cache-control', 'no-store').redirect('/', 303);
      } catch (error) {
        request.log.warn({ err: error }, 'school single sign-on failed');
        return reply.redirect(failed('failed'), 303);
      }
    },
  );
};

/** POST /v1/auth/sso/discover: the start URL when the address's domain has single sign-on, null otherwise. */
function discoverRoute(app: App): void {
  app.post(
    `${FLOW_PATH}/discover`,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          "Whether an e-mail address signs in with its school's account: ssoUrl to go to, or null (the same answer for an unknown domain and one without single sign-on)",
        body: SsoDiscoverBody,
        response: { 200: SsoDiscoverResponse, 400: ProblemDetails, 429: ProblemDetails },
      },
    },
    async (request, reply) => {
      const ssoUrl = await app.services.schoolSso.discover(request.body.email, { ip: request.ip, requestId: request.id });
      reply.header('cache-control', 'no-store');
      return { ssoUrl };
    },
  );
}

/** PUT /v1/provider/client-groups/{groupId}/single-sign-on: provider staff set a group's single sign-on. */
function settingsRoute(app: App): void {
  app.put(
    '/v1/provider/client-groups/:groupId/single-sign-on',
    {
      config: { staff: true },
      schema: {
        tags: ['provider'],
        summary: "Set a school group's single sign-on (provider staff only)",
        description:
          'Issuer, client id and secret (stored sealed, never answered), the e-mail domains (each held by one group at most: 409 otherwise) and whether the group requires it. Recorded in the audit log.',
        security: [{ bearer: [] }],
        params: z.strictObject({ groupId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: SsoSettingsBody,
        response: {
          200: SsoSettingsResponse,
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          404: ProblemDetails,
          409: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.schoolSso.saveSettings(request.params.groupId, request.body);
    },
  );
}

export default schoolSsoRoutes;
