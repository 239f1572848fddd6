import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONFIRMATION_METHOD_ORDER } from '@portal/contract/bookings/create/pipeline';
import { RuntimeConfig } from '@portal/contract/runtime-config';
import { deliverableMethodsOf } from '../../config';
import { RELEASE } from '../../lib/release';
import { providerContactsOf } from './provider-contacts';

/** The product's version (spec §9), shown in Settings; the build is `RELEASE`. */
export const APP_VERSION = '1.0.0';

/** Health and the web app's runtime configuration. */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const Ping = z.object({
    status: z.literal('ok'),
    version: z.string().describe("The product's version (1.0.0)"),
    release: z.string().describe('The build this server runs (git describe of its sources), as its logs and error reports name it'),
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/ping',
    config: { public: true },
    schema: { tags: ['system'], summary: 'Liveness: answers while the process serves requests', response: { 200: Ping } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, version: APP_VERSION, release: RELEASE };
    },
  });

  const Ready = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
  app.get(
    '/api/ready',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Readiness: the database answers', response: { 200: Ready } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await app.database.ping();
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

  app.get(
    '/config.runtime.json',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Runtime configuration of the web app', response: { 200: RuntimeConfig } },
    },
    async (_request, reply) => {
      const c = app.config;
      reply.header('cache-control', 'no-cache');
      return {
        apiBaseUrl: '/',
        apiVersion: '1',
        defaultLocale: c.defaultLocale,
        localeByOrigin: c.localeByOrigin,
        serviceStatusUrl: c.serviceStatusUrl,
        mapTilesUrl: c.mapTilesUrl,
        errorReportingDsn: c.sentryDsn,
        providerContacts: providerContactsOf(c),
        appStoreLinks: c.appStoreLinks,
        environment: c.env,
        demo: c.demo,
        confirmationMethods: CONFIRMATION_METHOD_ORDER.filter((m) => deliverableMethodsOf(c)[m]),
        pushPublicKey: c.webPush?.publicKey ?? null,
        appVersion: APP_VERSION,
        release: RELEASE,
      };
    },
  );
};

export default systemRoutes;
