import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { withPublicRoutes } from './public-routes';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html never, so a deploy is seen
 * at once. Unknown GET paths that want HTML fall back to index.html (history-mode routing).
 */
export const API_PREFIXES = ['/v1/', '/api/', '/docs', '/dev/', '/oidc/'];

/**
 * Is this request target an API path, however it is spelled (`/%761/…`, `//v1/…`, `/V1/…`, absolute form)? Such a
 * path never falls back to the app: its unknown routes answer with a problem.
 */
export function isApiPath(target: string): boolean {
  let path = target.split('?')[0] ?? '/';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judge the raw text.
  }
  path = path
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/, '')
    .replace(/\/{2,}/g, '/');
  return API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.replace(/\/$/, ''));
}

/**
 * Does a request for an unknown non-API path want the app rather than a problem? Yes when it sends no Accept (curl,
 * a link checker), or accepts HTML at least as much as JSON (`text/html`, `text/*` or any type); an API client asking for
 * JSON only gets the problem. Each media type takes the quality of its most specific matching range (RFC 9110 §12.5.1).
 */
export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  const ranges = accept.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) return [];
    const q = params.find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return Number.isFinite(quality) ? [{ type, subtype, quality: Math.min(1, Math.max(0, quality)) }] : [];
  });
  const quality = (type: string, subtype: string) => {
    const exact = ranges.find((r) => r.type === type && r.subtype === subtype);
    const group = ranges.find((r) => r.type === type && r.subtype === '*');
    const anyType = ranges.find((r) => r.type === '*' && r.subtype === '*');
    return (exact ?? group ?? anyType)?.quality ?? 0;
  };
  const html = quality('text', 'html');
  return html > 0 && html >= Math.max(quality('application', 'json'), quality('application', 'problem+json'));
}

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
    await withPublicRoutes(app, () =>
      app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // Brotli and gzip twins written at build time (scripts/compress-assets.mjs).
        preCompressed: true,
        setHeaders(reply, path) {
          reply.header('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
  },
  { name: 'static-web' },
);

declare module 'fastify' {
  interface FastifyInstance {
    spaAvailable: boolean;
  }
}
