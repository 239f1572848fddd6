import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsHtml } from '../../plugins/static-web';
import { PAGE_COOKIE } from '../identity/session-cookies';
import { drawHome, drawInvoice, readFirstPageTemplate, type FirstPageTemplate } from './first-page-html';

/**
 * The web app's Home (`GET /`) and an invoice's page (`GET /finance/invoices/{invoiceNo}`): index.html as built, or,
 * for a browser with a contact's first-page cookie, with the contact's page drawn into its frame (decision 035). A
 * personal answer is never stored by any cache; anything going wrong while drawing gives the page as built, never an
 * error, and so does a drawing that takes longer than its budget (FIRST_PAGE_BUDGET_MS): a slow database must not hold
 * back the page that starts the app. `portal_first_pages_total{page,outcome}` counts each answer.
 */
const firstPageRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const template = readFirstPageTemplate(distDir);
  if ('missing' in template) app.log.warn(`index.html is served as built on every address: the build lacks ${template.missing}`);
  const { firstPage } = app.services;
  const budgetMs = app.config.firstPageBudgetMs;
  const answers = app.metrics.counter(
    'portal_first_pages_total',
    "HTML answers at / and an invoice's address by outcome: drawn, built (not drawn: no or ended cookie, HEAD, budget 0), late (over its budget), failed",
    ['page', 'outcome'],
  );

  /** The page drawn for the cookie's contact, or index.html as built when `draw` gives nothing, fails or is late. */
  const answer = async (
    page: 'home' | 'invoice',
    request: FastifyRequest,
    reply: FastifyReply,
    draw: (template: FirstPageTemplate, token: string) => Promise<string | undefined>,
  ) => {
    // As any address the app answers: an API client asking for JSON only gets the not-found problem.
    if (!acceptsHtml(request.headers.accept)) return reply.callNotFound();
    reply.header('vary', 'Cookie');
    const token = request.cookies[PAGE_COOKIE];
    let outcome: 'built' | 'late' | 'failed' = 'built';
    // HEAD gets the page as built: its headers alone are not worth the drawing's reads.
    if (token && request.method === 'GET' && budgetMs > 0 && !('missing' in template)) {
      try {
        const drawing = draw(template, token);
        const html = await withinBudget(drawing, budgetMs);
        if (html === LATE) {
          outcome = 'late';
          request.log.info({ budgetMs }, 'first page over its budget: the page as built is sent');
          drawing.catch((error: unknown) => request.log.warn({ err: error }, 'first page not drawn (after its budget)'));
        } else if (html !== undefined) {
          answers.inc({ page, outcome: 'drawn' });
          return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
        }
      } catch (error) {
        outcome = 'failed';
        request.log.warn({ err: error }, 'first page not drawn');
      }
    }
    answers.inc({ page, outcome });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    config: { public: true },
    schema: { hide: true },
    handler: (request, reply) =>
      answer('home', request, reply, async (built, token) => {
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
      answer('invoice', request, reply, async (built, token) => {
        const page = await firstPage.invoice(token, request.params.invoiceNo);
        return page && drawInvoice(built, page);
      }),
  });
};

const LATE = Symbol('late');

/**
 * `work`'s value, or LATE when it has not settled within `ms`. A late drawing is not stopped: its reads finish and
 * their answer (or error) is dropped.
 */
async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  const timer = new AbortController();
  try {
    return await Promise.race([work, delay(ms, LATE, { signal: timer.signal })]);
  } finally {
    timer.abort();
  }
}

export default firstPageRoutes;
