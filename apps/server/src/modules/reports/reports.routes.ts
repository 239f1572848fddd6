import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FillReportQuery, FillReportResponse, SpendReportQuery, SpendReportResponse, WeeklyDigestSetting } from '@portal/contract/reports';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedValue } from '../../plugins/http-cache';
import { NEEDS } from '../../plugins/route-permission';
import { csvAnswer, sendCsv, varyOnAccept, wantsCsv } from '../../lib/csv-export';
import { FILL_CSV_COLUMNS, oneBatch, SPEND_CSV_COLUMNS } from './report-export';

/** Reports: spend from invoice lines and the fill of bookings over a date range, as JSON or CSV. */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reports;
  const answers = app.services.answers;
  const tags = ['reports'];
  const security = [{ bearer: [] }];
  const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails };
  const range =
    'from and to are local dates (inclusive); from after to, or a range of more than three years, is a 400 problem ' +
    'naming the field. A range with nothing in it answers empty rows.';

  app.get(
    '/v1/reports/spend',
    {
      config: { permission: 'finance', cacheable: true },
      schema: {
        tags,
        security,
        summary: 'What the schools spent, before tax, per currency, by month, school, classification or reason for absence',
        description:
          'The invoice lines of the clients asked for (clientIds, repeated), every one of which needs accounts view at ' +
          'the client or its group (else 403, as GET /v1/invoices); omitted: every client where the caller holds it. ' +
          `Each line counts on the dates of the work it bills. ${range} The totals are the same for every groupBy. ` +
          '`Accept: text/csv` answers the rows as a CSV attachment.',
        querystring: SpendReportQuery,
        response: {
          200: {
            description: 'The report (JSON), or with Accept: text/csv its rows',
            content: { 'application/json': { schema: SpendReportResponse }, 'text/csv': csvAnswer(SPEND_CSV_COLUMNS) },
          },
          ...problems,
        },
      },
    },
    async (request, reply) => {
      const answer = await service.spendAnswer(await requirePrincipal(request).tree(), request.query);
      if (wantsCsv(request)) {
        const rows = async () => (await answer.load()).rows;
        return sendCsv(request, reply, { list: 'spend', columns: SPEND_CSV_COLUMNS, batches: oneBatch(rows) });
      }
      varyOnAccept(reply);
      return sendVersionedValue(request, reply, answers, answer);
    },
  );

  app.get(
    '/v1/reports/fill',
    {
      config: { permission: { need: NEEDS.bookingView, per: 'client' }, cacheable: true },
      schema: {
        tags,
        security,
        summary: 'How bookings were filled, by week, month, school or weekday: bookings, filled, unfilled, cancelled, fill rate',
        description:
          'The bookings of the clients (or single locations) where the caller holds booking view, as the dashboard counts ' +
          'them (a client outside the caller’s tree is 403; none granting booking view is 403). Fill rate is spec §9’s ' +
          `(rounded percentage, -1 when none); the median hours run from the request to the fill. ${range} ` +
          '`Accept: text/csv` answers the rows as a CSV attachment.',
        querystring: FillReportQuery,
        response: {
          200: {
            description: 'The report (JSON), or with Accept: text/csv its rows',
            content: { 'application/json': { schema: FillReportResponse }, 'text/csv': csvAnswer(FILL_CSV_COLUMNS) },
          },
          ...problems,
        },
      },
    },
    async (request, reply) => {
      const answer = await service.fillAnswer(await requirePrincipal(request).tree(), request.query);
      if (wantsCsv(request)) {
        const rows = async () => (await answer.load()).rows;
        return sendCsv(request, reply, { list: 'fill', columns: FILL_CSV_COLUMNS, batches: oneBatch(rows) });
      }
      varyOnAccept(reply);
      return sendVersionedValue(request, reply, answers, answer);
    },
  );

  const digest = app.services.weeklyDigest;
  const settingProblems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };

  app.get(
    '/v1/profile/weekly-digest',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['profile'],
        security,
        summary: 'Whether the contact gets the weekly digest e-mail (Settings)',
        response: { 200: WeeklyDigestSetting, ...settingProblems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return digest.setting(requirePrincipal(request).contactId);
    },
  );

  app.put(
    '/v1/profile/weekly-digest',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['profile'],
        security,
        summary: 'Turns the weekly digest e-mail on or off for the contact (Settings); staff acting as the contact may set it',
        description:
          'Monday from 07:00 in the zone of the contact’s first school: last week’s spend and fill rate and the coming ' +
          'week’s unfilled bookings, one e-mail a week. Setting the same value again changes nothing.',
        body: WeeklyDigestSetting,
        response: { 200: WeeklyDigestSetting, ...settingProblems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return digest.change(requirePrincipal(request).contactId, request.body);
    },
  );
};

export default reportsRoutes;
