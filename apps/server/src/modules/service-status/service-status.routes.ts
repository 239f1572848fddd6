import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formatServiceStatusText,
  ServiceStatusBody,
  ServiceStatusQuery,
  ServiceStatusRecord,
  ServiceStatusResponse,
} from '@portal/contract/service-status';
import { ProblemDetails } from '@portal/contract/problems';
import type { FastifyRequest } from 'fastify';
import { renderMarkdown } from './markdown';
import type { ServiceStatusRow } from './service-status.service';

/**
 * The service status banner (spec §3). Reading is public and cacheable for 60 seconds: the web app keeps it an
 * hour (spec §9), but shared caches and proxies should pick up a staff change within a minute. Writing is for
 * provider staff and recorded in the audit log.
 */
export const SERVICE_STATUS_MAX_AGE_SECONDS = 60;

const record = (row: ServiceStatusRow) => ({
  id: row.id,
  bannerTitle: row.bannerTitle,
  severity: row.severity,
  region: row.region,
  bodyMarkdown: row.bodyMarkdown,
  html: renderMarkdown(row.bodyMarkdown),
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});

const actor = (request: FastifyRequest) => ({
  staffUserId: request.principal?.staffUserId ?? null,
  requestId: request.id,
  ip: request.ip,
});

const serviceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.serviceStatus;
  const tags = ['service-status'];

  app.get(
    '/v1/service-status',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The active service status: JSON with sanitised HTML, or with format=text the text reading; 204 when none',
        description:
          'format=text answers text/plain: a first line `bannerTitle:…|severity:…|region:…`, then the markdown body. ' +
          `Cacheable for ${SERVICE_STATUS_MAX_AGE_SECONDS} seconds.`,
        querystring: ServiceStatusQuery,
        response: {
          200: {
            description: 'The active status',
            content: {
              'application/json': { schema: ServiceStatusResponse },
              'text/plain': { schema: z.string().describe('First line key:value|key:value, then the markdown body') },
            },
          },
          204: z.null().describe('No active status'),
          400: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const status = await service.active();
      reply.header('cache-control', `public, max-age=${SERVICE_STATUS_MAX_AGE_SECONDS}`);
      if (!status) return reply.code(204).send(null);
      if (request.query.format === 'text') {
        return reply.type('text/plain; charset=utf-8').send(formatServiceStatusText(status));
      }
      return reply.type('application/json; charset=utf-8').send({
        bannerTitle: status.bannerTitle,
        severity: status.severity,
        region: status.region,
        html: renderMarkdown(status.bodyMarkdown),
      });
    },
  );

  app.put(
    '/v1/service-status',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: 'Set the service status (provider staff only)',
        description: 'Replaces the current status; an active one is shown to every user. Recorded in the audit log.',
        security: [{ bearer: [] }],
        body: ServiceStatusBody,
        response: { 200: ServiceStatusRecord, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const saved = await service.save(request.body, actor(request));
      reply.header('cache-control', 'no-store');
      return record(saved);
    },
  );

  app.delete(
    '/v1/service-status',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: 'Hide the service status banner (provider staff only)',
        description: 'Deactivates the status; recorded in the audit log.',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      await service.deactivate(actor(request));
      return reply.code(204).send(null);
    },
  );
};

export default serviceStatusRoutes;
