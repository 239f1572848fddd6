import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FILE_ACCESS_KEY_TTL_SECONDS,
  FileAccessKeyResponse,
  FileByAccessKeyParams,
  FileBytes,
  GeneralFileQuery,
} from '@portal/contract/files';
import { IdParams } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { AppError } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { requirePrincipal } from '../../plugins/authenticate';
import { FileAccessKeys } from './file-access-keys';
import { findGeneralFileById, findGeneralFileByPath, generalFileExists } from './files.repository';

/**
 * General files (spec §7): help documents offered to every signed-in contact, so no client scoping applies.
 * GET file/general?filePath= with a bearer token; or a 5-minute access key from file/generateAccessToken/{id},
 * then GET file/({accessKey}) without one.
 */

function sendFile(reply: FastifyReply, file: { name: string; contentType: string; data: Buffer }) {
  return reply
    .header('content-disposition', attachmentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .type(file.contentType)
    .send(file.data);
}

const fileNotFound = () => new AppError('not-found', { detail: 'File not found' });

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = new FileAccessKeys(app.config.jwtSecret!);
  const tags = ['files'];
  const fileResponse = { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: FileBytes } } };

  app.get(
    '/v1/file/general',
    {
      config: { permission: 'signedIn' },
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
      const file = await findGeneralFileByPath(app.database.db, request.query.filePath);
      if (!file) throw fileNotFound();
      return sendFile(reply, file);
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
      if (!(await generalFileExists(app.database.db, request.params.id))) throw fileNotFound();
      reply.header('cache-control', 'no-store');
      return { accessKey: await keys.sign(request.params.id), expiresIn: FILE_ACCESS_KEY_TTL_SECONDS };
    },
  );

  app.get(
    '/v1/file/:accessKey',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Download a file with an access key, written in parentheses: /v1/file/(eyJ…)',
        description: 'No bearer token: the key is the credential. 401 for a key that is not valid, 410 for an expired one.',
        params: FileByAccessKeyParams,
        response: { 200: fileResponse, 400: ProblemDetails, 401: ProblemDetails, 404: ProblemDetails, 410: ProblemDetails },
      },
    },
    async (request, reply) => {
      const check = await keys.verify(request.params.accessKey.slice(1, -1));
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError('expired', { detail: 'This download link has expired. Please try again.' })
          : new AppError('unauthorized', { detail: 'This download link is not valid.' });
      }
      const file = await findGeneralFileById(app.database.db, check.fileId);
      if (!file) throw fileNotFound();
      return sendFile(reply, file);
    },
  );
};

export default filesRoutes;
