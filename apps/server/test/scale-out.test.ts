import { reachable } from './reachable';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, queryRows, type Database } from '@portal/db/client';
import { buildApp } from '../src/app';
import { DemoSimulator } from '../src/demo/simulator';
import { PgBossJobQueue } from '../src/lib/jobs-pg-boss';
import { TTL_MS } from '../src/modules/identity/principal-cache';
import { copyPostgresTemplate, type TestDatabase } from './database';
import { DEMO_PASSWORD, signIn } from './auth-client';
import { CookieJar } from './cookie-jar';
import { testConfig } from './helpers';
import { publicHolidaysOn } from '../src/modules/bookings/public-holidays';

/**
 * Several servers, one system: two app instances (each its own connection pool, cache and notifier,
 * as two server processes would have) on one PostgreSQL database, with Redis when it is reachable and without it
 * (counters in the database, messages by LISTEN/NOTIFY). Runs in the PostgreSQL pass (TEST_DATABASE_URL).
 */
const postgresUrl = inject('postgresUrl');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

const redisUp = postgresUrl ? await reachable(REDIS_URL) : false;

interface Pair {
  copy: TestDatabase;
  url: string;
  databases: Database[];
  apps: FastifyInstance[];
  close(): Promise<void>;
}

async function twoInstances(env: Record<string, string>): Promise<Pair> {
  const copy = await copyPostgresTemplate(postgresUrl, 'seeded');
  const name = (await queryRows<{ name: string }>(copy.database.db, sql`select current_database() as name`))[0]!.name;
  const u = new URL(postgresUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const databases = await Promise.all([0, 1].map(() => openDatabase({ kind: 'postgres', url })));
  const apps = await Promise.all(databases.map((database) => buildApp({ config: testConfig({ DATABASE_URL: url, ...env }), database })));
  await Promise.all(apps.map((app) => app.ready()));
  return {
    copy,
    url,
    databases,
    apps,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((d) => d.close()));
      await copy.drop();
    },
  };
}

/** Polls until `check` holds; answers the milliseconds it took (or throws after `withinMs`). */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check()) return performance.now() - started;
    await sleep(10);
  }
  throw new Error(`not within ${withinMs} ms`);
}

const buses: Array<{ bus: string; env: Record<string, string> }> = [
  ...(redisUp ? [{ bus: 'Redis pub/sub, counters in Redis', env: { REDIS_URL } }] : []),
  { bus: 'PostgreSQL LISTEN/NOTIFY, counters in the database', env: {} },
];

describe.runIf(postgresUrl).each(buses)('two server instances on one PostgreSQL ($bus)', ({ env }) => {
  let pair: Pair;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    pair = await twoInstances(env);
    [a, b] = pair.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(async () => {
    await pair?.close();
  });

  const profile = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/v1/profile', headers });

  it('a sign-out on one instance ends the sign-in on the other at once (not after the cache expires)', async () => {
    const session = await signIn(a, 'finance@demo.test');
    // B has the contact in its cache now.
    expect((await profile(b, session.headers)).statusCode).toBe(200);
    const out = await a.inject({ method: 'POST', url: '/v1/auth/logout', headers: { ...session.headers, cookie: session.refreshCookie } });
    expect(out.statusCode).toBeLessThan(300);
    const ms = await within(TTL_MS, async () => (await profile(b, session.headers)).statusCode === 401);
    expect(ms).toBeLessThan(TTL_MS / 2);
  });

  it('a password change on one instance ends the other sign-ins on every instance at once', async () => {
    const elsewhere = await signIn(b, 'bookings.viewer@demo.test');
    const here = await signIn(a, 'bookings.viewer@demo.test');
    expect((await profile(b, elsewhere.headers)).statusCode).toBe(200);
    const changed = await a.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: here.headers,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Another#Harbour2026' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const ms = await within(TTL_MS, async () => (await profile(b, elsewhere.headers)).statusCode === 401);
    expect(ms).toBeLessThan(TTL_MS / 2);
  });

  it('a changed language on one instance is what the other answers at once', async () => {
    const session = await signIn(a, 'school.admin@demo.test');
    const before = (await profile(b, session.headers)).json().contact.language as string;
    const language = before === 'en-GB' ? 'en-US' : 'en-GB';
    const put = await a.inject({ method: 'PUT', url: '/v1/profile/language', headers: session.headers, payload: { language } });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const ms = await within(TTL_MS, async () => (await profile(b, session.headers)).json().contact.language === language);
    expect(ms).toBeLessThan(TTL_MS / 2);
  });

  it('shares the lock-out counters: failures on both instances add up, and the lock holds on both', async () => {
    // An address of its own, so runs sharing one Redis do not add up.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress: ip, payload: { email: 'uk.admin@demo.test', password } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 ? b : a, 'Wrong#password1')).statusCode);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    expect((await attempt(a, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await attempt(b, DEMO_PASSWORD)).statusCode).toBe(429);
  }, 60_000);
});

describe.runIf(postgresUrl)('two server instances: what must happen once', () => {
  let pair: Pair;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    pair = await twoInstances(redisUp ? { REDIS_URL } : ({} as Record<string, string>));
    [a, b] = pair.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('the same Idempotency-Key sent to both instances at once makes one booking', async () => {
    const session = await signIn(a, 'group.admin@demo.test');
    const get = (url: string) => a.inject({ method: 'GET', url, headers: session.headers }).then((r) => r.json());
    const locations = (await get('/v1/locations/booking-location-list')) as Array<{
      locationId: number;
      clientId: number;
      timeZone: string;
      locationType: string;
      startTime: string;
      endTime: string;
      country: string;
      state: string | null;
    }>;
    const location = locations.find((l) => l.locationType === 'school')!;
    const classes = (await get(`/v1/clients/${location.clientId}/pay-classes`)) as Array<{
      id: number;
      extraValidation: { minimumDurationInMins: number | null; earliestEndTime24hr: string | null };
    }>;
    const plain = classes.find((c) => c.extraValidation.minimumDurationInMins === null && c.extraValidation.earliestEndTime24hr === null)!;
    const certifications = (await get(`/v1/locations/${location.locationId}/certifications`)) as Array<{
      id: number;
      isLocationDefault: boolean;
    }>;
    const contacts = (await get(`/v1/contacts/booking-contacts?locationId=${location.locationId}`)) as Array<{
      id: number;
      methods: { email: boolean };
    }>;
    // A school day a few weeks ahead, clear of any block the demo world put there and of public holidays.
    await queryRows(pair.databases[0]!.db, sql`delete from location_restrictions where location_id = ${location.locationId}`);
    const day = new Date(a.now().getTime() + 30 * 86_400_000);
    const holiday = (d: Date) => publicHolidaysOn(location, [d.toISOString().slice(0, 10)]).size > 0;
    while ([0, 6].includes(day.getUTCDay()) || holiday(day)) day.setUTCDate(day.getUTCDate() + 1);
    const body = {
      locationId: location.locationId,
      classificationId: plain.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates: [day.toISOString().slice(0, 10)],
      startTime: location.startTime,
      endTime: location.endTime,
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
      policiesAgreed: true,
      notes: `scale-out ${Math.random()}`,
    };
    const key = `scale-out-${Math.random().toString(36).slice(2)}`;
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/v1/bookings', headers: { ...session.headers, 'idempotency-key': key }, payload: body });
    const answers = await Promise.all([send(a), send(b), send(a), send(b)]);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length, answers.map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`).join('\n')).toBeGreaterThanOrEqual(1);
    // Whoever did not make it was told to retry (409 in progress) or got the same answer replayed.
    for (const r of answers) expect([201, 409]).toContain(r.statusCode);
    const requestIds = new Set(created.map((r) => r.json().requestId as number));
    expect(requestIds.size).toBe(1);
    const [{ n }] = (await queryRows<{ n: number }>(
      pair.databases[1]!.db,
      sql`select count(*)::int as n from booking_requests where notes = ${body.notes}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  }, 60_000);

  it('a staff sign-in started on one instance completes on the other (the issuer state is shared)', async () => {
    const contactId = (
      await queryRows<{ id: number }>(pair.databases[0]!.db, sql`select id from contacts where email = 'uk.admin@demo.test'`)
    )[0]!.id;
    const jar = new CookieJar();
    let hop = 0;
    // Every step of the browser's journey goes to the other instance than the step before.
    const follow = async (location: string, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>) => {
      const url = new URL(location, 'http://portal.test');
      const app = hop++ % 2 ? b : a;
      const res = await app.inject({
        method,
        url: url.pathname + url.search,
        headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      jar.take(res.headers['set-cookie']);
      return res;
    };
    let res = await follow(`/v1/auth/enterprise/start?contactId=${contactId}`);
    expect(res.statusCode).toBe(302);
    res = await follow(res.headers.location as string);
    let landing: string | undefined;
    for (let hops = 0; hops < 12 && !landing; hops++) {
      const location = res.headers.location as string | undefined;
      if (res.statusCode === 200 && res.body.includes('<form')) {
        const action = /action="([^"]+)"/.exec(res.body)![1]!;
        res = await follow(action, 'POST', { email: 'staff@provider.test', password: DEMO_PASSWORD });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
        continue;
      }
      if (!location) throw new Error(`stuck at ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (location.includes('/user/impersonate/')) landing = location;
      else res = await follow(location);
    }
    expect(landing).toBe(`/user/impersonate/${contactId}?signedIn=1`);
    expect(hop).toBeGreaterThan(4);
    // Both instances publish the same signing key.
    const [ja, jb] = await Promise.all([a, b].map((app) => app.inject({ method: 'GET', url: '/oidc/jwks' }).then((r) => r.json())));
    expect(ja).toEqual(jb);
  }, 60_000);
});

describe.runIf(postgresUrl)('the scheduled jobs of several instances', () => {
  let copy: TestDatabase;
  let url: string;
  beforeAll(async () => {
    copy = await copyPostgresTemplate(postgresUrl, 'migrated');
    const name = (await queryRows<{ name: string }>(copy.database.db, sql`select current_database() as name`))[0]!.name;
    const u = new URL(postgresUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await copy?.drop();
  });

  /** A server process's part: its own pool, job queue (pg-boss) and simulator, whose tick only counts. */
  async function instance() {
    const database = await openDatabase({ kind: 'postgres', url });
    const jobs = new PgBossJobQueue({ db: database.db });
    await jobs.start();
    const simulator = new DemoSimulator({
      db: database.db,
      mailer: { queue: async () => {} } as never,
      log: { info() {}, warn() {}, error() {} } as never,
      now: () => new Date(),
      intervalMs: 1000,
      jobs,
    });
    const ticks: number[] = [];
    let closed = false;
    vi.spyOn(simulator, 'tick').mockImplementation(async () => {
      ticks.push(performance.now());
      return {} as never;
    });
    return {
      simulator,
      ticks,
      close: async () => {
        if (closed) return;
        closed = true;
        await simulator.stop();
        await jobs.stop();
        await database.close();
      },
    };
  }

  it("runs each interval's tick on one instance only, and the other goes on ticking when one stops", async () => {
    const one = await instance();
    const two = await instance();
    try {
      const started = performance.now();
      one.simulator.start();
      two.simulator.start();
      await sleep(5500);
      const seconds = (performance.now() - started) / 1000;
      const all = [...one.ticks, ...two.ticks].sort((a, b) => a - b);
      // One tick a second between them, never two for one interval (two instances ticking would make about twice).
      expect(all.length).toBeGreaterThanOrEqual(3);
      expect(all.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      await one.close();
      const before = two.ticks.length;
      await within(5000, async () => two.ticks.length >= before + 2);
    } finally {
      await one.close();
      await two.close();
    }
  }, 30_000);
});
