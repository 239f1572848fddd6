/**
 * The routes the API benchmark loads; a new endpoint is added here. `auth` routes get a bearer token of a
 * demo account signed in through the real login; `path` may use the account's first client id, group id and a booking
 * of it from today on.
 */
export interface BenchRoute {
  name: string;
  path: (ctx: {
    clientId: number | undefined;
    groupId: number | undefined;
    bookingId: number | undefined;
    invoiceNo: string | undefined;
  }) => string;
  auth: boolean;
  /**
   * A page of the web app, asked as a browser asks it (Accept: text/html) with the sign-in's first-page cookie instead
   * of a bearer token: the server draws the page into the built index.html (needs a web build: npm run build).
   */
  page?: boolean;
  /**
   * Sends the If-None-Match of the route's first answer (its ETag): the browser's revalidation of a route declared
   * `cacheable` (apps/server/src/plugins/http-cache.ts), answered 304 with no body. The 304s are not errors.
   */
  revalidate?: boolean;
}

/** Local dates around the day the bench runs (the seeded world is built around its first start). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const clients = (clientId: number | undefined) => (clientId === undefined ? '' : `clientIds=${clientId}&`);

export const BENCH_ROUTES: BenchRoute[] = [
  { name: 'GET /api/ping', path: () => '/api/ping', auth: false },
  // the pages the server draws for a signed-in browser's cold start (docs/decisions/035), against the page as built.
  // (The query, which the server ignores, keeps the two answers at `/` apart in the ceiling server, which keys by URL.)
  { name: 'GET / (as built, no cookie)', path: () => '/?as-built', auth: false, page: true },
  { name: 'GET / (Home drawn)', path: () => '/', auth: true, page: true },
  {
    name: 'GET /finance/invoices/{invoiceNo} (drawn)',
    path: ({ invoiceNo }) => `/finance/invoices/${encodeURIComponent(invoiceNo ?? '')}`,
    auth: true,
    page: true,
  },
  { name: 'GET /v1/profile', path: () => '/v1/profile', auth: true },
  // the dashboard.
  {
    name: 'GET /v1/bookings/overview',
    path: ({ clientId }) => `/v1/bookings/overview?${clients(clientId)}dateFromLocal=${day(-30)}&dateToLocal=${day(60)}`,
    auth: true,
  },
  {
    name: 'GET /v1/bookings/overview (all clients)',
    path: () => `/v1/bookings/overview?dateFromLocal=${day(-30)}&dateToLocal=${day(60)}`,
    auth: true,
  },
  { name: 'GET /v1/bookings/summary', path: () => `/v1/bookings/summary?dateFromLocal=${day(0)}`, auth: true },
  {
    name: 'GET /v1/clients/{clientId}/bookings/summary',
    path: ({ clientId }) =>
      `/v1/clients/${clientId}/bookings/summary?timeZone=Australia/Sydney&dateFromLocal=${day(-300)}&dateToLocal=${day(60)}`,
    auth: true,
  },
  { name: 'GET /v1/invoices/outstanding-invoices-count', path: () => '/v1/invoices/outstanding-invoices-count', auth: true },
  { name: 'GET /v1/timesheets/overview', path: () => '/v1/timesheets/overview', auth: true },
  {
    name: 'GET /v1/client-groups/{id}/overview',
    path: ({ groupId }) => `/v1/client-groups/${groupId}/overview?filterDate=${day(0)}&timeZone=Australia/Sydney`,
    auth: true,
  },
  { name: 'GET /v1/locations', path: () => '/v1/locations', auth: true },
  // the bookings list (a page of 50) and a booking's detail.
  {
    name: 'GET /v1/bookings (page of 50)',
    path: ({ clientId }) => `/v1/bookings?${clients(clientId)}dateFromLocal=${day(-30)}&dateToLocal=${day(60)}&skip=50&take=50`,
    auth: true,
  },
  { name: 'GET /v1/bookings (all clients, -date, page of 50)', path: () => '/v1/bookings?sort=-date&take=50', auth: true },
  {
    name: 'GET /v1/clients/{id}/bookings (page of 50)',
    path: ({ clientId }) => `/v1/clients/${clientId}/bookings?take=50`,
    auth: true,
  },
  { name: 'GET /v1/bookings/{id}', path: ({ bookingId }) => `/v1/bookings/${bookingId}`, auth: true },
  // create-booking reference data (certifications and booking contacts: create-booking-bench.ts).
  { name: 'GET /v1/locations/booking-location-list', path: () => '/v1/locations/booking-location-list', auth: true },
  { name: 'GET /v1/clients/{id}/pay-classes', path: ({ clientId }) => `/v1/clients/${clientId}/pay-classes`, auth: true },
  { name: 'GET /v1/clients/{id}/grades', path: ({ clientId }) => `/v1/clients/${clientId}/grades`, auth: true },
  { name: 'GET /v1/locations/booking-blocks', path: () => '/v1/locations/booking-blocks', auth: true },
  // the browser's revalidation of private reference data (ETag, 304 with no body).
  { name: 'GET /v1/profile (revalidated: 304)', path: () => '/v1/profile', auth: true, revalidate: true },
  { name: 'GET /v1/locations (revalidated: 304)', path: () => '/v1/locations', auth: true, revalidate: true },
  {
    name: 'GET /v1/clients/{id}/pay-classes (revalidated: 304)',
    path: ({ clientId }) => `/v1/clients/${clientId}/pay-classes`,
    auth: true,
    revalidate: true,
  },
  {
    name: 'GET /v1/bookings (page of 50, revalidated: 304)',
    path: ({ clientId }) => `/v1/bookings?${clients(clientId)}dateFromLocal=${day(-30)}&dateToLocal=${day(60)}&skip=50&take=50`,
    auth: true,
    revalidate: true,
  },
  { name: 'GET /v1/service-status', path: () => '/v1/service-status', auth: false },
  // timesheets (the submit: timesheet-bench.ts).
  { name: 'GET /v1/timesheets (page of 50)', path: () => '/v1/timesheets?take=50', auth: true },
  { name: 'GET /v1/timesheets/list (invoiced, page of 50)', path: () => '/v1/timesheets/list?status=invoiced&take=50', auth: true },
  // educators and invoices.
  { name: 'GET /v1/invoices (page of 25)', path: () => '/v1/invoices?skip=25&take=25', auth: true },
  { name: 'GET /v1/candidate/CandidateList', path: ({ clientId }) => `/v1/candidate/CandidateList?ClientId=${clientId}`, auth: true },
];

/** The route whose latency is also measured at a fixed request rate. */
export const FIXED_RATE_ROUTE = 'GET /v1/profile';
