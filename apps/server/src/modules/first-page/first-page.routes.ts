import type { FastifyPluginAsync } from 'fastify';
import { acceptsHtml } from '../../plugins/static-web';
import { PAGE_COOKIE } from '../identity/session-cookies';
import { drawHome, readFirstPageTemplate } from './first-page-html';

/**
 * `GET /`, the web app's Home: index.html as built, or, for a browser with a contact's first-page cookie, with the
 * contact's Home drawn into its frame (decision 035). A personal answer is never stored by any cache; anything
 * going wrong while drawing gives the page as built, never an error.
 */
const firstPageRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const template = readFirstPageTemplate(distDir);
  if ('missing' in template) app.log.warn(`index.html is served as built on every address: the build lacks ${template.missing}`);
  const { firstPage } = app.services;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      // As any address the app answers: an API client asking for JSON only gets the not-found problem.
      if (!acceptsHtml(request.headers.accept)) return reply.callNotFound();
      reply.header('vary', 'Cookie');
      const token = request.cookies[PAGE_COOKIE];
      if (token && !('missing' in template)) {
        try {
          const page = await firstPage.home(token);
          if (page) {
            return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(drawHome(template, page));
          }
        } catch (error) {
          request.log.warn({ err: error }, 'first page not drawn');
        }
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    },
  });
};

export default firstPageRoutes;
