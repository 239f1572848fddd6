import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PROBLEMS, problemType, type ProblemCode, type ProblemDetails, type RuleViolation } from '@portal/contract/problems';
import { AppError } from '../lib/app-error';

/**
 * Every error leaves as application/problem+json (RFC 9457): schema failures with their fields, Fastify's own
 * 4xx errors mapped to stable codes, a lost database as 503, and anything else as a 500 with no internals.
 */

const FASTIFY_CODES: Record<string, ProblemCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad-request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad-request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad-request',
  FST_ERR_VALIDATION: 'validation',
  FST_ERR_BAD_URL: 'bad-request',
  FST_ERR_ASYNC_CONSTRAINT: 'bad-request',
  FST_ERR_NOT_FOUND: 'not-found',
};

/** Errors that mean the database is unreachable right now (pg network errors and server shutdown codes). */
const DB_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof err.code === 'string' && DB_UNAVAILABLE.has(err.code)) return true;
    if (
      typeof err.message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout/i.test(err.message)
    )
      return true;
    e = err.cause;
  }
  return false;
}

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  problem: {
    code: string;
    status: number;
    title: string;
    detail?: string | undefined;
    errors?: Record<string, string[]> | undefined;
    violations?: RuleViolation[] | undefined;
  },
): FastifyReply {
  const body: ProblemDetails = {
    type: problemType(problem.code),
    title: problem.title,
    status: problem.status,
    code: problem.code,
    traceId: request.id,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.violations ? { violations: problem.violations } : {}),
  };
  return reply.code(problem.status).type('application/problem+json; charset=utf-8').serializer(JSON.stringify).send(body);
}

function fieldErrors(error: FastifyError & { validation: Array<{ instancePath: string; message?: string }> }): Record<string, string[]> {
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  const errors: Record<string, string[]> = {};
  for (const v of error.validation) {
    const path = v.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || context;
    (errors[path] ??= []).push(v.message ?? 'Invalid value');
  }
  return errors;
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        // A 503 that sheds load (under pressure, Retry-After) is one short warning, no stack to serialise per request;
        // one with a cause (an upstream that failed) is an error with its cause.
        if (error.status === 503 && error.cause === undefined) request.log.warn(error.message);
        else if (error.status >= 500) {
          request.log.error({ err: error }, error.message);
          app.errorReports.capture(error, request);
        }
        return sendProblem(reply, request, error);
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
        const errors = fieldErrors(error as FastifyError & { validation: Array<{ instancePath: string; message?: string }> });
        const first = Object.entries(errors)[0];
        return sendProblem(reply, request, {
          code: 'validation',
          ...PROBLEMS.validation,
          detail: first ? `${first[0]}: ${first[1][0]}` : undefined,
          errors,
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
        app.errorReports.capture(error, request);
        return sendProblem(reply, request, { code: 'internal', ...PROBLEMS.internal });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendProblem(reply, request, {
          code: 'service-unavailable',
          ...PROBLEMS['service-unavailable'],
          detail: 'The service is briefly unavailable. Please try again in a moment.',
        });
      }
      const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
      const status = error.statusCode ?? 500;
      if (mapped || (status >= 400 && status < 500)) {
        const code: ProblemCode =
          mapped ??
          (status === 429
            ? 'rate-limited'
            : status === 413
              ? 'payload-too-large'
              : status === 404
                ? 'not-found'
                : status === 401
                  ? 'unauthorized'
                  : status === 403
                    ? 'forbidden'
                    : 'bad-request');
        return sendProblem(reply, request, {
          code,
          ...PROBLEMS[code],
          status: mapped ? PROBLEMS[code].status : status,
          detail: error.message,
        });
      }
      if (status === 503) {
        return sendProblem(reply, request, { code: 'service-unavailable', ...PROBLEMS['service-unavailable'] });
      }
      request.log.error({ err: error }, 'unhandled error');
      app.errorReports.capture(error, request);
      return sendProblem(reply, request, { code: 'internal', ...PROBLEMS.internal });
    });
  },
  { name: 'problem-details' },
);
