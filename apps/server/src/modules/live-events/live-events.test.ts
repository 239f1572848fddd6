import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase, queryRows, type Database } from '@portal/db/client';
import type { LiveEvent } from '@portal/contract/live-events';
import { buildApp } from '../../app';
import { buildTestApp, testConfig, type TestApp } from '../../../test/helpers';
import { TEMPLATE_NAMES, withDatabase } from '../../../test/database';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { allClients } from '@portal/contract/permissions';
import { loadPermissionTree } from '../profile/permission-tree.repository';
import { record } from './live-events.port';
import { AccessTokens } from '../identity/access-tokens';
import { startFamily } from '../identity/identity.repository';

/** A server-sent events client over a real socket: collects events, waits for them. */
interface Stream {
  status: number;
  contentType: string | null;
  events: LiveEvent[];
  named: string[];
  ended: boolean;
  waitFor(test: (events: LiveEvent[]) => boolean, ms?: number): Promise<void>;
  close(): void;
}

async function open(base: string, query: string, headers: Record<string, string> = {}): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/v1/events?${query}`, { headers, signal: abort.signal });
  const stream: Stream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events: [],
    named: [],
    ended: false,
    async waitFor(test, ms = 8000) {
      const until = Date.now() + ms;
      while (!test(stream.events)) {
        if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(stream.events.map((e) => e.kind))}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    await res.text();
    stream.ended = true;
    return stream;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let at: number;
        while ((at = text.indexOf('\n\n')) !== -1) {
          const block = text.slice(0, at);
          text = text.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) stream.named.push(event);
          else if (data) stream.events.push(JSON.parse(data) as LiveEvent);
        }
      }
    } catch {
      // aborted
    }
    stream.ended = true;
  })();
  return stream;
}

async function ticket(app: FastifyInstance, who: SignedIn): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/events/ticket', headers: who.headers });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { ticket: string; expiresInSeconds: number };
  expect(body.expiresInSeconds).toBeGreaterThan(0);
  return body.ticket;
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const contactIdOf = async (db: Database['db'], email: string) =>
  (await queryRows<{ id: number }>(db, sql`select id from contacts where email = ${email}`))[0]!.id;

/** A booking of a client where the contact holds booking view at the client (so the event is theirs). */
async function bookingOf(db: Database['db'], contactId: number): Promise<{ id: number; clientId: number }> {
  const [row] = await queryRows<{ id: number; client_id: number }>(
    db,
    sql`select b.id, b.client_id from bookings b
        where b.client_id in (
          select pe.client_id from permission_entries pe where pe.contact_id = ${contactId} and pe.client_id is not null
          union
          select c.id from clients c join permission_entries pe on pe.group_id = c.group_id where pe.contact_id = ${contactId})
        order by b.id limit 1`,
  );
  return { id: row!.id, clientId: row!.client_id };
}

describe('live events (GET /v1/events)', () => {
  let t: TestApp;
  let base: string;
  let group: SignedIn;
  let uk: SignedIn;
  let viewer: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t.app);
    [group, uk, viewer] = await Promise.all([
      signIn(t.app, 'group.admin@demo.test'),
      signIn(t.app, 'uk.admin@demo.test'),
      signIn(t.app, 'bookings.viewer@demo.test'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a stream without a ticket, with a forged one, a used one and an expired one (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/events' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/v1/events?ticket=${randomBytes(32).toString('base64url')}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/events/ticket' })).statusCode).toBe(401);

    const once = await ticket(t.app, group);
    const first = await open(base, `ticket=${once}`);
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/event-stream/);
    const again = await open(base, `ticket=${once}`);
    expect(again.status).toBe(401);
    first.close();

    const late = await ticket(t.app, group);
    await t.database.db.execute(sql`update live_event_tickets set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await open(base, `ticket=${late}`)).status).toBe(401);
    // Only the hash is stored.
    const stored = await queryRows<{ token_hash: string }>(t.database.db, sql`select token_hash from live_event_tickets`);
    expect(stored.map((r) => r.token_hash)).not.toContain(once);
  });

  it('streams each contact only the events of its own clients', async () => {
    const db = t.database.db;
    const [groupId, ukId] = await Promise.all([contactIdOf(db, 'group.admin@demo.test'), contactIdOf(db, 'uk.admin@demo.test')]);
    const [mine, theirs] = await Promise.all([bookingOf(db, groupId), bookingOf(db, ukId)]);
    expect(mine.clientId).not.toBe(theirs.clientId);
    const a = await open(base, `ticket=${await ticket(t.app, group)}`);
    const b = await open(base, `ticket=${await ticket(t.app, uk)}`);
    await db.transaction(async (tx) => {
      await record(tx, { kind: 'booking.filled', bookingIds: [mine.id] });
      await record(tx, { kind: 'booking.filled', bookingIds: [theirs.id] });
      await record(tx, { kind: 'serviceStatus.changed' });
    });
    t.app.liveEvents.announce();
    await a.waitFor((e) => e.length >= 2);
    await b.waitFor((e) => e.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(a.events.map((e) => [e.kind, e.payload.bookingId ?? null])).toEqual([
      ['booking.filled', mine.id],
      ['serviceStatus.changed', null],
    ]);
    expect(b.events.map((e) => [e.kind, e.payload.bookingId ?? null])).toEqual([
      ['booking.filled', theirs.id],
      ['serviceStatus.changed', null],
    ]);
    expect(a.events[0]!.payload).toMatchObject({
      status: expect.any(String),
      locationName: expect.any(String),
      dateLocal: expect.any(String),
    });
    // The heartbeat is an event a page sees (named, not a comment), sent as the stream opens, never as data.
    expect(a.named[0]).toBe('heartbeat');
    expect(b.named[0]).toBe('heartbeat');
    a.close();
    b.close();
  });

  it('replays what a reconnecting stream missed after Last-Event-ID (header or lastEventId), and resets when too old', async () => {
    const db = t.database.db;
    const mine = await bookingOf(db, await contactIdOf(db, 'group.admin@demo.test'));
    const first = await open(base, `ticket=${await ticket(t.app, group)}`);
    await db.transaction((tx) => record(tx, { kind: 'booking.cancelled', bookingIds: [mine.id] }));
    t.app.liveEvents.announce();
    await first.waitFor((e) => e.some((x) => x.kind === 'booking.cancelled'));
    const seen = first.events.at(-1)!.id;
    first.close();
    // Missed while away: two events.
    await db.transaction(async (tx) => {
      await record(tx, { kind: 'booking.extended', bookingIds: [mine.id] });
      await record(tx, { kind: 'booking.changed', bookingIds: [mine.id] });
    });
    const viaHeader = await open(base, `ticket=${await ticket(t.app, group)}`, { 'last-event-id': String(seen) });
    await viaHeader.waitFor((e) => e.length >= 2);
    expect(viaHeader.events.map((e) => e.kind)).toEqual(['booking.extended', 'booking.changed']);
    viaHeader.close();
    const viaQuery = await open(base, `ticket=${await ticket(t.app, group)}&lastEventId=${seen}`);
    await viaQuery.waitFor((e) => e.length >= 2);
    expect(viaQuery.events.map((e) => e.kind)).toEqual(['booking.extended', 'booking.changed']);
    viaQuery.close();
    // Older than the replay window: a reset.
    await db.execute(sql`update live_events set created_at = now() - interval '1 hour' where id = ${seen + 1}`);
    const stale = await open(base, `ticket=${await ticket(t.app, group)}&lastEventId=${seen}`);
    const until = Date.now() + 5000;
    while (!stale.named.includes('reset') && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(stale.named).toContain('reset');
    stale.close();
  });

  it('stops delivering when the permission is revoked, and ends the stream when the contact signs out', async () => {
    const db = t.database.db;
    const viewerId = await contactIdOf(db, 'bookings.viewer@demo.test');
    const school = await bookingOf(db, viewerId);
    const s = await open(base, `ticket=${await ticket(t.app, viewer)}`);
    await db.transaction((tx) => record(tx, { kind: 'booking.filled', bookingIds: [school.id] }));
    t.app.liveEvents.announce();
    await s.waitFor((e) => e.length === 1);
    const entries = await queryRows<Record<string, unknown>>(
      db,
      sql`delete from permission_entries where contact_id = ${viewerId} returning *`,
    );
    expect(entries.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 2200)); // the principal cache's lifetime
    await db.transaction((tx) => record(tx, { kind: 'booking.cancelled', bookingIds: [school.id] }));
    t.app.liveEvents.announce();
    await new Promise((r) => setTimeout(r, 500));
    await t.app.liveEvents.wake();
    expect(s.events.map((e) => e.kind)).toEqual(['booking.filled']);
    s.close();

    const g = await open(base, `ticket=${await ticket(t.app, group)}`);
    expect(g.status).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { ...group.headers, cookie: group.refreshCookie } });
    expect(out.statusCode).toBeLessThan(300);
    const until = Date.now() + 9000;
    while (!g.ended && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(g.ended).toBe(true);
  }, 20_000);

  it('ends the stream of a staff member’s impersonation when the staff member signs out', async () => {
    const db = t.database.db;
    const [staff] = await queryRows<{ id: number }>(db, sql`select id from staff_users where email = 'staff@provider.test'`);
    const family = await startFamily(db, { staffUserId: staff!.id }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
    const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
    const token = await tokens.sign({ kind: 'staff', staffUserId: staff!.id }, family.familyId);
    const groupId = await contactIdOf(db, 'group.admin@demo.test');
    const headers = { authorization: `Bearer ${token}`, 'impersonated-contact': String(groupId) };
    const issued = await t.app.inject({ method: 'POST', url: '/v1/events/ticket', headers });
    expect(issued.statusCode).toBe(200);
    const s = await open(base, `ticket=${issued.json<{ ticket: string }>().ticket}`);
    expect(s.status).toBe(200);
    const spare = await t.app.inject({ method: 'POST', url: '/v1/events/ticket', headers });
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBeLessThan(300);
    const until = Date.now() + 9000;
    while (!s.ended && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(s.ended).toBe(true);
    // A ticket issued before the sign-out opens nothing after it.
    expect((await open(base, `ticket=${spare.json<{ ticket: string }>().ticket}`)).status).toBe(401);
  }, 20_000);

  it('ends a stream when the access token its ticket was asked with expires, and refuses a ticket whose sign-in ended', async () => {
    const db = t.database.db;
    const session = await signIn(t.app, 'school.admin@demo.test');
    const contactId = await contactIdOf(db, 'school.admin@demo.test');
    const family = await startFamily(db, { contactId }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
    const [{ token_version: version }] = (await queryRows<{ token_version: number }>(
      db,
      sql`select token_version from contacts where id = ${contactId}`,
    )) as [{ token_version: number }];
    const shortLived = await new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 2).sign(
      { kind: 'contact', contactId, version },
      family.familyId,
    );
    const s = await open(base, `ticket=${await ticket(t.app, { ...session, headers: { authorization: `Bearer ${shortLived}` } })}`);
    expect(s.status).toBe(200);
    const until = Date.now() + 12_000;
    while (!s.ended && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(s.ended).toBe(true);

    // A refresh token presented again after its rotation ends the sign-in: a ticket asked before cannot open a stream.
    const spare = await ticket(t.app, session);
    const rotated = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie: session.refreshCookie } });
    expect(rotated.statusCode).toBe(200);
    await db.execute(
      sql`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null and contact_id = ${contactId}`,
    );
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie: session.refreshCookie } })).statusCode).toBe(
      401,
    );
    expect((await open(base, `ticket=${spare}`)).status).toBe(401);
  }, 30_000);

  it('opens at most five streams per contact even when twenty open at once; tickets are limited per minute', async () => {
    const finance = await signIn(t.app, 'finance@demo.test');
    const tickets = await Promise.all(Array.from({ length: 20 }, () => ticket(t.app, finance)));
    const streams = await Promise.all(tickets.map((x) => open(base, `ticket=${x}`)));
    const statuses = streams.map((x) => x.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15);
    for (const x of streams) x.close();
    const more = await Promise.all(
      Array.from({ length: 15 }, () => t.app.inject({ method: 'POST', url: '/v1/events/ticket', headers: finance.headers })),
    );
    // Thirty a minute: the twenty above and ten of these.
    expect(more.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(more.filter((r) => r.statusCode === 429)).toHaveLength(5);
  }, 30_000);

  it('a booking the provider fills reaches the stream of a contact of its school, with the educator (recorded by the service)', async () => {
    const db = t.database.db;
    const tree = await loadPermissionTree(db, await contactIdOf(db, 'group.admin@demo.test'));
    const mine = new Set(allClients(tree).map((c) => c.clientId));
    // The previous test signed group.admin out.
    const again = await signIn(t.app, 'group.admin@demo.test');
    const s = await open(base, `ticket=${await ticket(t.app, again)}`);
    const provider = t.app.services.provider;
    let filled: number | undefined;
    const unfilled = await queryRows<{ id: number; client_id: number; date_local: string; country: string }>(
      db,
      sql`select b.id, b.client_id, to_char(b.date_local, 'YYYY-MM-DD') as date_local, c.country
          from bookings b join clients c on c.id = b.client_id
          where b.status = 'unfilled' and b.client_id in (${sql.join(
            [...mine].map((id) => sql`${id}`),
            sql`, `,
          )})
          order by b.date_local desc, b.id limit 20`,
    );
    for (const b of unfilled) {
      const candidateId = await provider.findFreeCandidate({
        clientId: b.client_id,
        country: b.country,
        dateLocal: b.date_local,
        salt: b.id,
      });
      if (candidateId === null) continue;
      await provider.assign(b.id, candidateId);
      filled = b.id;
      break;
    }
    expect(filled).toBeDefined();
    await s.waitFor((e) => e.some((x) => x.kind === 'booking.filled' && x.payload.bookingId === filled), 8000);
    const event = s.events.find((x) => x.payload.bookingId === filled)!;
    expect(event.payload).toMatchObject({ status: 'filled', educatorName: expect.any(String), requestId: expect.any(Number) });
    s.close();
  });

  it('never writes the ticket to the request log', async () => {
    const { redactUrl } = await import('../../lib/log-redaction');
    expect(redactUrl('/v1/events?ticket=abc123secret&lastEventId=5')).toBe('/v1/events?ticket=[redacted]&lastEventId=5');
  });
});

describe.runIf(inject('postgresUrl'))('live events across two server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  const baseUrl = inject('postgresUrl')!;
  const name = `portal_test_${randomBytes(5).toString('hex')}`;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dbA: Database;
  let dbB: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_NAMES.seeded}`);
    await admin.end();
    const url = withDatabase(baseUrl, name);
    dbA = await openDatabase({ kind: 'postgres', url });
    dbB = await openDatabase({ kind: 'postgres', url });
    a = await buildApp({ config: testConfig({ DATABASE_URL: url }), database: dbA });
    b = await buildApp({ config: testConfig({ DATABASE_URL: url }), database: dbB });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dbA?.close();
    await dbB?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('an event committed through instance A reaches a stream on instance B at once', async () => {
    expect(a.notifier.kind).toBe('postgres');
    const baseB = await listen(b);
    const group = await signIn(b, 'group.admin@demo.test');
    const s = await open(baseB, `ticket=${await ticket(b, group)}`);
    expect(s.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300)); // B's LISTEN is in place
    const staff = await signIn(a, 'group.admin@demo.test');
    const mine = await bookingOf(dbA.db, await contactIdOf(dbA.db, 'group.admin@demo.test'));
    // A write request on A (a cancellation would also do): here the event is recorded directly and A announces it.
    await dbA.db.transaction((tx) => record(tx, { kind: 'booking.filled', bookingIds: [mine.id] }));
    const started = Date.now();
    a.liveEvents.announce();
    await s.waitFor((e) => e.some((x) => x.payload.bookingId === mine.id), 1500);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(staff.accessToken).toBeTruthy();
    s.close();
  });
});
