import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { withPublicRoutes } from './public-routes';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html never, so a deploy is seen
 * at once. Unknown GET paths that want HTML fall back to index.html (history-mode routing).
 */
export const API_PREFIXES = ['/v1/', '/api/', '/docs', '/dev/'];

export default fp(
  async (app, options: { distDir: string }) => {
    const index = join(options.distDir, 'index.html');
    if (!existsSync(index)) {
      app.log.warn(`web app not built (${index} missing): run npm run build`);
      app.decorate('spaAvailable', false);
      return;
    }
    app.decorate('spaAvailable', true);
    const assets = join(options.distDir, 'assets');
    // The app's files are for everyone: the sign-in page is one of them.
    await withPublicRoutes(app, () => app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // Brotli and gzip twins written at build time (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }));
  },
  { name: 'static-web' },
);

declare module 'fastify' {
  interface FastifyInstance {
    spaAvailable: boolean;
  }
}
