/**
 * The routes the API benchmark loads. Each issue adds its endpoints here. `auth` routes get a bearer token of a
 * demo account signed in through the real login; `path` may use the account's first client id.
 */
export interface BenchRoute {
  name: string;
  path: (ctx: { clientId: number | undefined; groupId: number | undefined }) => string;
  auth: boolean;
}

export const BENCH_ROUTES: BenchRoute[] = [
  { name: 'GET /api/ping', path: () => '/api/ping', auth: false },
  { name: 'GET /v1/profile', path: () => '/v1/profile', auth: true },
];

/** The route whose latency is also measured at a fixed request rate. */
export const FIXED_RATE_ROUTE = 'GET /v1/profile';
