import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import middie from '@fastify/middie';
import type Provider from 'oidc-provider';
import { problemType } from '@portal/contract/problems';
import { demoSurfaceGate, demoSurfaceOpen } from '../../lib/demo-surface';

/**
 * How a demo OpenID Connect issuer (the embedded staff login, the demo school provider) is mounted on the app: the
 * issuer's own endpoints under its path as middleware (they must see requests that match no Fastify route), behind
 * the demo-surface rules (lib/demo-surface.ts; anyone else gets a plain 404 problem), and its sign-in page's routes
 * in a scope of their own, the only one that accepts an HTML form's urlencoded body.
 */

/** The demo-surface hook of the sign-in page's routes. */
export type DemoSurfaceHook = ReturnType<typeof demoSurfaceGate>;

const NOT_FOUND = JSON.stringify({
  type: problemType('not-found'),
  title: 'Not found',
  status: 404,
  code: 'not-found',
  detail: 'Not found.',
});

export async function mountDemoIssuer(
  app: FastifyInstance,
  provider: Provider,
  path: string,
  loginRoutes: (scope: FastifyInstance, onRequest: DemoSurfaceHook) => void | Promise<void>,
): Promise<void> {
  // One middie for both issuers: the second one mounted finds the first one's.
  if (!app.hasDecorator('use')) await app.register(middie);
  const callback = provider.callback();
  app.use(path, (req: IncomingMessage & { ip?: string }, res: ServerResponse) => {
    if (demoSurfaceOpen(app.config, req.ip, req.headers.host)) return callback(req, res);
    res.writeHead(404, { 'content-type': 'application/problem+json; charset=utf-8' });
    res.end(NOT_FOUND);
  });
  const onRequest = demoSurfaceGate(app.config);

  // The sign-in page is a plain HTML form: its body is urlencoded, which only this scope accepts.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    await loginRoutes(scope, onRequest);
  });
}

/**
 * The consent prompt of the issuer's own portal client is granted without asking (the portal is the issuer's own
 * client): answers the redirect onwards, or undefined when the interaction is not a consent (the page is shown).
 */
export async function grantImpliedConsent(provider: Provider, request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> {
  const details = await provider.interactionDetails(request.raw, reply.raw);
  if (details.prompt.name !== 'consent') return undefined;
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  return provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
