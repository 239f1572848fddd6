import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import underPressure from '@fastify/under-pressure';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROBLEMS } from '@portal/contract/problems';
import { installZodMessages } from '@portal/contract/zod-messages';
import type { Database } from '@portal/db/client';
import type { Config } from './config';
import problemDetails, { sendProblem } from './plugins/problem-details';
import acceptVersion from './plugins/accept-version';
import openapi from './plugins/openapi';
import staticWeb, { API_PREFIXES } from './plugins/static-web';
import systemRoutes from './modules/system/system.routes';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Overrides for tests (e.g. logger: false). */
  fastify?: FastifyServerOptions;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function contentSecurityPolicy(config: Config) {
  const origins = (value: string | null) => {
    if (!value) return [];
    try {
      return [new URL(value.replace(/\{[a-z]\}/g, 'a')).origin];
    } catch {
      return [];
    }
  };
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...origins(config.mapTilesUrl)],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...origins(config.serviceStatusUrl.startsWith('http') ? config.serviceStatusUrl : null), ...origins(config.sentryDsn)],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}

export async function buildApp({ config, database, fastify }: AppOptions): Promise<FastifyInstance> {
  installZodMessages();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ...fastify,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body is a 415, not a string that slips past a schema.
  app.removeContentTypeParser('text/plain');
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(problemDetails);
  await app.register(helmet, { contentSecurityPolicy: contentSecurityPolicy(config), crossOriginEmbedderPolicy: false });
  await app.register(underPressure, {
    maxEventLoopDelay: 2000,
    retryAfter: 5,
    pressureHandler: (request, reply) => {
      reply.header('retry-after', '5');
      sendProblem(reply, request, { code: 'service-unavailable', ...PROBLEMS['service-unavailable'], detail: 'The server is under heavy load. Please try again in a moment.' });
    },
  });
  await app.register(acceptVersion);
  await app.register(openapi, { publicOrigin: config.publicOrigin });
  await app.register(staticWeb, { distDir: config.webDistDir });

  await app.register(systemRoutes);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method === 'GET' && wantsHtml && app.spaAvailable && !API_PREFIXES.some((p) => path.startsWith(p))) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, request, {
      code: 'not-found',
      ...PROBLEMS['not-found'],
      detail: `No route ${request.method} ${path.slice(0, 200)}`,
    });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}
