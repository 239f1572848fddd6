import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** API versions this server speaks. `Accept-Version` may name one (1, 1.0, v1); anything else is a 400. */
export const SUPPORTED_API_VERSIONS = ['1'] as const;

function normalise(value: string): string {
  return value.trim().toLowerCase().replace(/^v/, '').replace(/\.0+$/, '');
}

export default fp(
  async (app) => {
    // A plain (callback) hook: every request runs it, and an async one cost a promise each time.
    app.addHook('onRequest', (request, reply, done) => {
      // The matched route, not the raw URL: `/%761/…` and `http://host/v1/…` reach /v1 routes too.
      if (!request.routeOptions.url?.startsWith('/v1/')) return done();
      reply.header('api-version', SUPPORTED_API_VERSIONS[0]);
      const header = request.headers['accept-version'];
      if (header === undefined) return done();
      const value = Array.isArray(header) ? (header[0] ?? '') : header;
      if (!(SUPPORTED_API_VERSIONS as readonly string[]).includes(normalise(value))) {
        return done(
          new AppError('unsupported-version', {
            detail: `Accept-Version '${value.slice(0, 20)}' is not supported; this server speaks version ${SUPPORTED_API_VERSIONS.join(', ')}.`,
            errors: { 'Accept-Version': [`Supported: ${SUPPORTED_API_VERSIONS.join(', ')}`] },
          }),
        );
      }
      done();
    });
  },
  { name: 'accept-version' },
);
