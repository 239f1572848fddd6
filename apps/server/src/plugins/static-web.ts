import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandFor } from '@portal/contract/format/brand';
import { withPublicRoutes } from './public-routes';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; everything else (index.html, the service
 * worker sw.js, icons) is revalidated on every use (`no-cache`), so a deploy is seen at the next check. Unknown GET
 * paths that want HTML fall back to index.html (history-mode routing). The web app manifest is answered per region.
 */
// `/metrics` is Prometheus's, on its own port (METRICS_PORT): here it is an unknown API path, never the app's page.
export const API_PREFIXES = ['/v1/', '/api/', '/docs', '/dev/', '/oidc/', '/metrics'];

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the built index.html's inline scripts: its first script runs
 * inline so that it runs before the first paint (apps/web/vite.config.ts, inlineBootPaint). Only those exact scripts
 * are allowed; none when the app is not built.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/**
 * Is this request target an API path, however it is spelled (`/%761/…`, `//v1/…`, `/V1/…`, `/./v1/…`, `/x/../v1/…`,
 * absolute form)? Such a path never falls back to the app: its unknown routes answer with a problem.
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
    .replace(/\\/g, '/');
  // Dot segments as a browser removes them (RFC 3986 §5.2.4), doubled slashes as one.
  path = posix.normalize(path.startsWith('/') ? path : `/${path}`);
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
    const manifest = readManifest(options.distDir);
    // The app's files are for everyone: the sign-in page is one of them.
    await withPublicRoutes(app, () =>
      app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // Brotli and gzip twins written at build time (scripts/compress-assets.mjs).
        preCompressed: true,
        // Answered by the route below, with the region's names.
        globIgnore: [`${MANIFEST_FILE}*`],
        setHeaders(reply, path) {
          reply.header('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    if (manifest) registerManifest(app, manifest);
  },
  { name: 'static-web' },
);

const MANIFEST_FILE = 'manifest.webmanifest';

/** The built manifest (names of the international brand), or undefined when the build has none. */
function readManifest(distDir: string): Record<string, unknown> | undefined {
  const file = join(distDir, MANIFEST_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
}

/** The origin the browser asked (behind a trusted proxy, the one it forwarded). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Spec §1: the portal's name changes with the region, and the region with the origin (LOCALE_BY_ORIGIN, else the
 * default locale), as the web app chooses its locale. An installed portal keeps its manifest's name, so the
 * manifest takes the region's names from the brand table; the rest is the build's. Not part of the API document.
 */
function registerManifest(app: FastifyInstance, manifest: Record<string, unknown>): void {
  const answers = new Map<string, string>();
  const answerFor = (locale: string) => {
    let answer = answers.get(locale);
    if (answer === undefined) {
      const brand = brandFor(locale);
      // The short name under the icon on a home screen: the brand's first word, the same in every region.
      const shortName = brand.productName.split(' ')[0];
      answer = JSON.stringify({ ...manifest, name: brand.productName, short_name: shortName, lang: locale });
      answers.set(locale, answer);
    }
    return answer;
  };
  app.route({
    method: ['GET', 'HEAD'],
    url: `/${MANIFEST_FILE}`,
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const locale = app.config.localeByOrigin[originOf(request)] ?? app.config.defaultLocale;
      return reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(answerFor(locale));
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    spaAvailable: boolean;
  }
}
