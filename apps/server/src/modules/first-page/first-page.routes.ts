import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsHtml } from '../../plugins/static-web';
import { PAGE_COOKIE } from '../identity/session-cookies';
import { drawHome, drawInvoice, readFirstPageTemplate, type FirstPageTemplate } from './first-page-html';

/**
 * The web app's Home (`GET /`) and an invoice's page (`GET /finance/invoices/{invoiceNo}`): index.html as built, or,
 * for a browser with a contact's first-page cookie, with the contact's page drawn into its frame (decision 035). A
 * personal answer is never stored by any cache; anything going wrong while drawing gives the page as built, never an
 * error.
 */
const firstPageRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const template = readFirstPageTemplate(distDir);
  if ('missing' in template) app.log.warn(`index.html is served as built on every address: the build lacks ${template.missing}`);
  const { firstPage } = app.services;

  /** The page drawn for the cookie's contact, or index.html as built when `draw` gives nothing or fails. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    draw: (template: FirstPageTemplate, token: string) => Promise<string | undefined>,
  ) => {
    // As any address the app answers: an API client asking for JSON only gets the not-found problem.
    if (!acceptsHtml(request.headers.accept)) return reply.callNotFound();
    reply.header('vary', 'Cookie');
    const token = request.cookies[PAGE_COOKIE];
    // HEAD gets the page as built: its headers alone are not worth the drawing's reads.
    if (token && request.method === 'GET' && !('missing' in template)) {
      try {
        const html = await draw(template, token);
        if (html !== undefined) return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
      } catch (error) {
        request.log.warn({ err: error }, 'first page not drawn');
      }
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    config: { public: true },
    schema: { hide: true },
    handler: (request, reply) =>
      answer(request, reply, async (built, token) => {
        const page = await firstPage.home(token);
        return page && drawHome(built, page);
      }),
  });

  app.route<{ Params: { invoiceNo: string } }>({
    method: ['GET', 'HEAD'],
    url: '/finance/invoices/:invoiceNo',
    config: { public: true },
    schema: { hide: true },
    handler: (request, reply) =>
      answer(request, reply, async (built, token) => {
        const page = await firstPage.invoice(token, request.params.invoiceNo);
        return page && drawInvoice(built, page);
      }),
  });
};

export default firstPageRoutes;
