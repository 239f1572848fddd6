import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FileAccessKeyResponse, FileByAccessKeyParams, FileBytes, GeneralFileQuery } from '@portal/contract/files';
import { IdParams } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { attachmentDisposition } from '../../lib/content-disposition';
import { requirePrincipal } from '../../plugins/authenticate';
import type { GeneralFile } from './files.service';

/**
 * General files (spec §7): help documents offered to every signed-in contact, so no client scoping applies.
 * GET file/general?filePath= with a bearer token; or a 5-minute access key from file/generateAccessToken/{id},
 * then GET file/({accessKey}) without one.
 */

function sendFile(reply: FastifyReply, file: GeneralFile) {
  return reply
    .header('content-disposition', attachmentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .type(file.contentType)
    .send(file.data);
}

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.files;
  const tags = ['files'];
  const fileResponse = { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: FileBytes } } };

  app.get(
    '/v1/file/general',
    {
      config: { permission: 'signedIn' },
      // Downloads are sent as stored (PDFs and images are compressed already).
      compress: false,
      schema: {
        tags,
        summary: 'Download a general file (help document) by its filePath',
        security: [{ bearer: [] }],
        querystring: GeneralFileQuery,
        response: { 200: fileResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      requirePrincipal(request);
      return sendFile(reply, await service.byPath(request.query.filePath));
    },
  );

  app.get(
    '/v1/file/generateAccessToken/:id',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'A 5-minute access key for downloading general file {id} without a bearer token',
        description: 'Then GET /v1/file/({accessKey}).',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: FileAccessKeyResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      requirePrincipal(request);
      const key = await service.accessKey(request.params.id);
      reply.header('cache-control', 'no-store');
      return key;
    },
  );

  app.get(
    '/v1/file/:accessKey',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags,
        summary: 'Download a file with an access key, written in parentheses: /v1/file/(eyJ…)',
        description: 'No bearer token: the key is the credential. 401 for a key that is not valid, 410 for an expired one.',
        params: FileByAccessKeyParams,
        response: { 200: fileResponse, 400: ProblemDetails, 401: ProblemDetails, 404: ProblemDetails, 410: ProblemDetails },
      },
    },
    async (request, reply) => {
      return sendFile(reply, await service.byAccessKey(request.params.accessKey.slice(1, -1)));
    },
  );
};

export default filesRoutes;
