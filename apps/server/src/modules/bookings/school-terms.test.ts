import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { SchoolTerms } from '@portal/contract/booking-reference';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { COUNTRIES } from '../../demo/reference-data';
import { SCHOOL_TERMS } from '../../demo/school-terms';
import { ensureSchoolTerms } from '../../demo/seed.repository';
import { regionOf } from './public-holidays';

const TEST_NOW = inject('testNow');

const weekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());

describe('the seeded school terms', () => {
  it('are school weeks: first and last days on weekdays, in order, never overlapping within a region', () => {
    const byRegion = new Map<string, typeof SCHOOL_TERMS>();
    for (const term of SCHOOL_TERMS) {
      expect(weekday(term.firstDay), `${term.country}-${term.region} ${term.name} ${term.firstDay}`).toBe(true);
      expect(weekday(term.lastDay), `${term.country}-${term.region} ${term.name} ${term.lastDay}`).toBe(true);
      expect(term.firstDay < term.lastDay).toBe(true);
      const key = `${term.country}-${term.region ?? ''}`;
      byRegion.set(key, [...(byRegion.get(key) ?? []), term]);
    }
    for (const [region, terms] of byRegion) {
      for (let i = 1; i < terms.length; i++) expect(terms[i]!.firstDay > terms[i - 1]!.lastDay, region).toBe(true);
    }
  });

  it('cover 2026 and 2027 wherever the demo world has a city', () => {
    for (const country of Object.values(COUNTRIES)) {
      for (const city of country.cities) {
        const region = regionOf(country.code, city.state);
        const terms = SCHOOL_TERMS.filter((t) => t.country === country.code && (t.region === null || t.region === region));
        const where = `${country.code} ${city.name} (${region ?? 'whole country'})`;
        expect(
          terms.some((t) => t.firstDay < '2026-02-15'),
          where,
        ).toBe(true);
        expect(
          terms.some((t) => t.lastDay > '2027-11-15'),
          where,
        ).toBe(true);
      }
    }
  });
});

describe('GET /v1/locations/{id}/school-terms', () => {
  let t: TestApp;
  let admin: SignedIn;
  let viewer: SignedIn;
  let nswId: number;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date(TEST_NOW) });
    admin = await signIn(t.app, 'group.admin@demo.test');
    viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    const [location] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from locations where state = 'NSW' and location_type = 'school' order by id limit 1`,
    );
    nswId = location!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const url = (from: string, to: string, id: number | string = nswId) => `/v1/locations/${id}/school-terms?fromLocal=${from}&toLocal=${to}`;

  it('answers the terms of the location’s state that overlap the dates, a term begun before them included', async () => {
    const res = await get(url('2026-12-01', '2027-03-01'));
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(SchoolTerms.parse(res.json())).toEqual({
      terms: [
        { name: 'Term 4', firstDay: '2026-10-12', lastDay: '2026-12-17' },
        { name: 'Term 1', firstDay: '2027-02-01', lastDay: '2027-04-09' },
      ],
    });
    // The summer holidays alone: no term.
    expect(SchoolTerms.parse((await get(url('2026-12-20', '2027-01-20'))).json()).terms).toEqual([]);
  });

  it('takes a country’s own terms where they are the same everywhere (New Zealand: Auckland, a province by name)', async () => {
    const [auckland] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from locations where country = 'NZ' and state = 'Auckland' order by id limit 1`,
    );
    const intl = await signIn(t.app, 'school.admin@demo.test');
    const res = await get(url('2026-12-01', '2026-12-31', auckland!.id), intl);
    expect(SchoolTerms.parse(res.json()).terms).toEqual([{ name: 'Term 4', firstDay: '2026-10-12', lastDay: '2026-12-16' }]);
  });

  it('refuses a span backwards or too long naming the field, a location outside the tree, a contact who may not book', async () => {
    const backwards = await get(url('2026-05-01', '2026-04-01'));
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('toLocal');
    expect((await get(url('2026-01-01', '2027-12-31'))).statusCode).toBe(400);
    const badDate = await get(url('2026-02-30', '2026-03-01'));
    expect(badDate.statusCode).toBe(400);
    expect(JSON.stringify(badDate.json())).toContain('fromLocal');
    expect((await get(`/v1/locations/${nswId}/school-terms`)).statusCode).toBe(400);
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from locations where country = 'US' order by id limit 1`,
    );
    expect((await get(url('2026-03-16', '2026-04-16', foreign!.id))).statusCode).toBe(404);
    const [viewerLocation] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select l.id from locations l join permission_entries pe on pe.client_id = l.client_id
          join contacts c on c.id = pe.contact_id where c.email = 'bookings.viewer@demo.test' order by l.id limit 1`,
    );
    expect((await get(url('2026-03-16', '2026-04-16', viewerLocation!.id), viewer)).statusCode).toBe(403);
  });

  it('answers what an attacker sends with a problem, never data: no token, odd paths and queries, huge input', async () => {
    const path = url('2026-03-16', '2026-04-16');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { authorization: 'Bearer forged.token.here' } })).statusCode).toBe(401);
    for (const odd of [
      url('2026-03-16', '2026-04-16', 'abc'),
      url('2026-03-16', '2026-04-16', '-1'),
      url('2026-03-16', '2026-04-16', '%2e%2e'),
      url('2026-03-16', '2026-04-16', '1e3'),
      `${path}&extra=1`,
      `${path}&fromLocal=2026-03-17`,
      url('9'.repeat(5000), '2026-04-16'),
      url("2026-03-16'%20or%201=1--", '2026-04-16'),
      url('2026-03-16', '2026-04-16', '99999999'),
      url('2026-03-16', '2026-04-16', '2147483648'),
    ]) {
      const res = await get(odd);
      expect(res.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, odd).toBeLessThan(500);
      expect(res.headers['content-type'], odd).toContain('application/problem+json');
      expect(res.body, odd).not.toContain('Term 1');
    }
  });

  it('seeds the terms once: seeding again adds none', async () => {
    expect(await ensureSchoolTerms(t.database.db, SCHOOL_TERMS)).toBe(0);
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from school_terms`);
    expect(count!.n).toBe(SCHOOL_TERMS.length);
  });
});
