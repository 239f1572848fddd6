/**
 * The routes the API benchmark loads. Each issue adds its endpoints here. `auth` routes get a bearer token of a
 * demo account signed in through the real login; `path` may use the account's first client id.
 */
export interface BenchRoute {
  name: string;
  path: (ctx: { clientId: number | undefined; groupId: number | undefined }) => string;
  auth: boolean;
}

/** Local dates around the day the bench runs (the seeded world is built around its first start). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const clients = (clientId: number | undefined) => (clientId === undefined ? '' : `clientIds=${clientId}&`);

export const BENCH_ROUTES: BenchRoute[] = [
  { name: 'GET /api/ping', path: () => '/api/ping', auth: false },
  { name: 'GET /v1/profile', path: () => '/v1/profile', auth: true },
  // Issue 4: the dashboard.
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
  { name: 'GET /v1/service-status', path: () => '/v1/service-status', auth: false },
];

/** The route whose latency is also measured at a fixed request rate. */
export const FIXED_RATE_ROUTE = 'GET /v1/profile';
