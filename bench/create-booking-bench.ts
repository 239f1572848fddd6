import { randomUUID } from 'node:crypto';
import autocannon from './autocannon';

/**
 * `POST /v1/bookings` for a five-date request (each with a new Idempotency-Key), and the two reference
 * routes that need a location id (certifications, booking contacts), at the account's first location where it may
 * book. Writes grow the bench database by five bookings per request. No ceiling: the figure asked for is absolute
 * (≥ 200 req/s, zero errors).
 */

/** Every Idempotency-Key the bench sends starts with this; api-bench.ts removes those requests before a run. */
export const BENCH_KEY_PREFIX = 'bench-';
const benchKey = () => `${BENCH_KEY_PREFIX}${randomUUID()}`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A valid five-date request at the account's first bookable location: weekdays a month ahead, off its booking blocks. */
async function buildRequest(base: string, headers: Record<string, string>) {
  const get = <T>(path: string) => fetch(base + path, { headers }).then((r) => json<T>(r, path));
  const [location] = await get<Array<{ locationId: number; clientId: number; startTime: string; endTime: string }>>(
    '/v1/locations/booking-location-list',
  );
  if (!location) throw new Error('the account may book nowhere');
  const classifications = await get<
    Array<{ id: number; extraValidation: { minimumDurationInMins: number | null; earliestEndTime24hr: string | null } }>
  >(`/v1/clients/${location.clientId}/pay-classes`);
  const plain =
    classifications.find((c) => c.extraValidation.minimumDurationInMins === null && c.extraValidation.earliestEndTime24hr === null) ??
    classifications[0]!;
  const certifications = await get<Array<{ id: number; isLocationDefault: boolean }>>(
    `/v1/locations/${location.locationId}/certifications`,
  );
  const contacts = await get<Array<{ id: number; methods: { email: boolean } }>>(
    `/v1/contacts/booking-contacts?locationId=${location.locationId}`,
  );
  const blocks = await get<Array<{ datesLocal: string[] }>>(`/v1/locations/booking-blocks?locationId=${location.locationId}`);
  const from = new Date(Date.now() + 29 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const holidays = await get<{ openOnPublicHolidays: boolean; holidays: Array<{ dateLocal: string }> }>(
    `/v1/locations/${location.locationId}/public-holidays?fromLocal=${from}&toLocal=${to}`,
  );
  // Blocked dates and public holidays are refused: the bench books around them.
  const blocked = new Set([
    ...blocks.flatMap((b) => b.datesLocal),
    ...(holidays.openOnPublicHolidays ? [] : holidays.holidays.map((h) => h.dateLocal)),
  ]);
  const dates: string[] = [];
  for (let d = new Date(Date.now() + 30 * 86_400_000); dates.length < 5; d = new Date(d.getTime() + 86_400_000)) {
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !blocked.has(iso)) dates.push(iso);
  }
  return {
    locationId: location.locationId,
    body: {
      locationId: location.locationId,
      classificationId: plain.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates,
      startTime: location.startTime,
      endTime: location.endTime,
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
      policiesAgreed: true,
    },
  };
}

async function load({ warmup, ...options }: autocannon.Options & { warmup?: number }): Promise<Figures> {
  if (warmup) await autocannon({ ...options, duration: warmup });
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function benchCreateBooking(
  base: string,
  token: string,
  options: { connections: number; duration: number; warmup?: number },
  wanted: (route: string) => boolean = () => true,
): Promise<Array<{ route: string; real: Figures }>> {
  const headers = { authorization: `Bearer ${token}` };
  const { locationId, body } = await buildRequest(base, headers);
  const payload = JSON.stringify(body);
  const check = await fetch(`${base}/v1/bookings`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': benchKey() },
    body: payload,
  });
  if (check.status !== 201) throw new Error(`POST /v1/bookings answers ${check.status}: ${await check.text()}`);

  const rows: Array<{ route: string; real: Figures }> = [];
  for (const [route, path] of [
    ['GET /v1/locations/{id}/certifications', `/v1/locations/${locationId}/certifications`],
    ['GET /v1/contacts/booking-contacts', `/v1/contacts/booking-contacts?locationId=${locationId}`],
  ] as const) {
    if (wanted(route)) rows.push({ route, real: await load({ url: base + path, headers, ...options }) });
  }
  const postRoute = 'POST /v1/bookings (five dates)';
  if (!wanted(postRoute)) return rows;
  const post = await load({
    url: `${base}/v1/bookings`,
    ...options,
    requests: [
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: payload,
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': benchKey() } }),
      },
    ],
  });
  rows.push({ route: postRoute, real: post });
  return rows;
}
