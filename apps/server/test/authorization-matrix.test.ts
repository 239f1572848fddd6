import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { allClients, type PermissionTree } from '@portal/contract/permissions';
import { DEMO_ACCOUNTS } from '../src/demo/seed';
import { AccessTokens } from '../src/modules/identity/access-tokens';
import { startFamily } from '../src/modules/identity/identity.repository';
import { findPrincipalContact } from '../src/modules/identity/principal.repository';
import { buildTestApp, type TestApp } from './helpers';
import { signIn } from './auth-client';
import {
  changedTables,
  expectationOf,
  fingerprint,
  holdsAt,
  leaksIn,
  meets,
  perOf,
  settle,
  TARGET_KINDS,
  writeArtefacts,
  type Cell,
  type Expectation,
  type Fixture,
  type Foreign,
  type MatrixReport,
  type Place,
  type Principal,
  type RouteEntryLike,
  type TargetKind,
} from './authorization-matrix';
import { FIXTURES } from './authorization-matrix.fixtures';

/**
 * The authorization matrix: every route of the catalogue × every demo account, provider staff
 * and nobody × three targets (own, another client's, a location of the caller's without the needed scope). The
 * expected answer of each cell follows from the route's declaration and the caller's permission tree (see
 * authorization-matrix.ts); 2xx answers must name no other client; refused requests must change no table.
 * The table is written to apps/server/test-results/authorization-matrix.{md,json}.
 */

const NOW = new Date(inject('testNow'));
const ARTEFACT = resolve(__dirname, '../test-results/authorization-matrix');
/**
 * `npm test` runs the short form: every route, every permission shape, every target kind, but not the demo accounts
 * whose permission tree repeats another's shape in another region (uk.admin and us.admin are group admins as
 * group.admin is, ca.admin a school admin as school.admin is). `npm run proof` (MATRIX=full) runs every account.
 */
const FULL = process.env.MATRIX === 'full';
const SAME_SHAPE_AS_ANOTHER = new Set(['uk.admin@demo.test', 'us.admin@demo.test', 'ca.admin@demo.test']);
/** A contact made for the matrix: everything at one campus of a school, only booking view at its other campus. */
const SPLIT = 'split.scope@matrix.test';

let t: TestApp;
let principals: Principal[];
let places: (Place & { clientName: string; locationName: string })[];
const cells: Cell[] = [];
const writeLeaks: { route: string; tables: string[] }[] = [];
let started = 0;

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const ids = (tree: PermissionTree) => ({
  clientIds: new Set(allClients(tree).map((c) => c.clientId)),
  locationIds: new Set(allClients(tree).flatMap((c) => c.locations.map((l) => l.locationId))),
});
const EMPTY: PermissionTree = { groups: [], clients: [] };

async function contactPrincipal(name: string, email: string): Promise<Principal> {
  const signed = await signIn(t.app, email);
  const profile = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: signed.headers });
  const tree = profile.json().links as PermissionTree;
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from contacts where email = ${email}`);
  const contact = await findPrincipalContact(t.database.db, row!.id);
  return { name, kind: 'contact', headers: signed.headers, tree, contact, ...ids(tree) };
}

beforeAll(async () => {
  started = performance.now();
  t = await buildTestApp({ now: () => NOW });
  const db = t.database.db;
  // The split-scope contact: all scopes at Blue Gum College's Junior Campus, booking view only at its Senior Campus.
  const [split] = await queryRows<{ id: number }>(
    db,
    sql`insert into contacts (first_name, last_name, email, password_hash, language)
        select 'Split', 'Scope', ${SPLIT}, password_hash, language from contacts where email = 'group.admin@demo.test' returning id`,
  );
  const [junior, senior] = await queryRows<{ id: number }>(
    db,
    sql`select l.id from locations l join clients c on c.id = l.client_id where c.name = 'Blue Gum College' order by l.name`,
  );
  for (const scope of ['accounts', 'booking', 'pendingBooking', 'replaceMe', 'timesheets']) {
    await db.execute(
      sql`insert into permission_entries (contact_id, location_id, scope, modifier) values (${split!.id}, ${junior!.id}, ${scope}, 'all')`,
    );
  }
  await db.execute(
    sql`insert into permission_entries (contact_id, location_id, scope, modifier) values (${split!.id}, ${senior!.id}, 'booking', 'view')`,
  );

  places = await queryRows(
    db,
    sql`select l.id as "locationId", l.client_id as "clientId", c.group_id as "groupId", c.name as "clientName", l.name as "locationName"
        from locations l join clients c on c.id = l.client_id order by l.id`,
  );
  const [staffRow] = await queryRows<{ id: number }>(db, sql`select id from staff_users where email = 'staff@provider.test'`);
  const family = await startFamily(db, { staffUserId: staffRow!.id }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  const staffToken = await tokens.sign({ kind: 'staff', staffUserId: staffRow!.id }, family.familyId);
  principals = [
    { name: 'anonymous', kind: 'anonymous', headers: {}, tree: EMPTY, ...ids(EMPTY) },
    { name: 'staff', kind: 'staff', headers: { authorization: `Bearer ${staffToken}` }, tree: EMPTY, ...ids(EMPTY) },
    ...(await Promise.all(
      [...DEMO_ACCOUNTS.map((a) => a.email).filter((email) => FULL || !SAME_SHAPE_AS_ANOTHER.has(email)), SPLIT].map((email) =>
        contactPrincipal(email.replace(/@.*$/, ''), email),
      ),
    )),
  ];
}, 180_000);

afterAll(async () => {
  await t?.close();
});

function foreignOf(principal: Principal): Foreign {
  const outside = places.filter((p) => !principal.clientIds.has(p.clientId));
  return {
    names: [...new Set(outside.flatMap((p) => [p.clientName, p.locationName]))].filter((n) => n.length >= 6),
    clientIds: new Set(outside.map((p) => p.clientId)),
    locationIds: new Set(outside.map((p) => p.locationId)),
  };
}

interface Plan {
  principal: Principal;
  kind: TargetKind;
  place?: Place;
  request?: InjectOptions;
  expected: Expectation | 'n/a';
  note?: string;
}

let keys = 0;

/** The places to try for a target, best first. */
function candidates(principal: Principal, route: RouteEntryLike, fixture: Fixture, kind: TargetKind): Place[] {
  const inTree = places.filter((p) => principal.locationIds.has(p.locationId));
  if (perOf(route, fixture) === 'none') return kind === 'own' ? [inTree[0] ?? places[0]!] : [];
  if (kind === 'foreign') return places.filter((p) => !principal.clientIds.has(p.clientId));
  const own = inTree.filter((p) => holdsAt(principal, route, fixture, p));
  if (kind === 'own') return own.length > 0 ? own : inTree;
  return inTree.filter((p) => !holdsAt(principal, route, fixture, p));
}

async function plan(principal: Principal, route: RouteEntryLike, fixture: Fixture, kind: TargetKind): Promise<Plan> {
  const ctx = {
    db: t.database.db,
    principal,
    key: () => `matrix-${++keys}`,
    serial: ++keys,
    inject: (options: InjectOptions) => t.app.inject(options),
  };
  for (const place of candidates(principal, route, fixture, kind)) {
    const request = await fixture.make(ctx, place);
    if (request) return { principal, kind, place, request, expected: expectationOf(principal, route, fixture, kind, place) };
  }
  const why = perOf(route, fixture) === 'none' ? 'the route takes no target' : 'no such place or row for this caller';
  return { principal, kind, expected: 'n/a', note: why };
}

async function send(p: Plan, route: RouteEntryLike, fixture: Fixture): Promise<Cell> {
  const placeText = p.place ? `client ${p.place.clientId} location ${p.place.locationId}` : '-';
  if (!p.request || p.expected === 'n/a') {
    return {
      route: routeKey(route),
      principal: p.principal.name,
      target: p.kind,
      place: placeText,
      expected: 'n/a',
      status: null,
      pass: true,
      leaks: [],
      note: p.note,
    };
  }
  const res = await t.app.inject({ ...p.request, headers: { ...(p.request.headers ?? {}), ...p.principal.headers } });
  const refused = fixture.refusedInAnswer?.(res.statusCode, res.body) ?? false;
  const pass = meets(p.expected, res.statusCode, refused);
  const check = fixture.leakCheck !== false && p.principal.kind === 'contact' && res.statusCode >= 200 && res.statusCode < 300;
  const leaks = check ? leaksIn(res.body, foreignOf(p.principal)) : [];
  return {
    route: routeKey(route),
    principal: p.principal.name,
    target: p.kind,
    place: placeText,
    expected: p.expected,
    status: res.statusCode,
    pass,
    leaks,
    ...(pass && (res.statusCode < 300 || p.expected !== 'allowed') ? {} : { note: res.body.slice(0, 300) }),
  };
}

const REFUSALS = new Set<Expectation | 'n/a'>(['unauthenticated', 'forbidden', 'denied']);

describe('authorization matrix', () => {
  it('has a fixture for every route of the catalogue, and none for a route that does not exist', () => {
    const routes = t.app.routeCatalogue.map(routeKey);
    expect(
      routes.filter((r) => !FIXTURES[r]),
      'routes without a row in the matrix',
    ).toEqual([]);
    expect(
      Object.keys(FIXTURES).filter((r) => !routes.includes(r)),
      'fixtures of routes that do not exist',
    ).toEqual([]);
  });

  it(
    'answers every cell as the route’s declaration says, leaks no other client’s data and changes nothing when refusing',
    { timeout: 600_000 },
    async () => {
      const routes = [...t.app.routeCatalogue]
        .filter((r) => FIXTURES[routeKey(r)])
        .sort((a, b) => (FIXTURES[routeKey(a)]!.last ?? 0) - (FIXTURES[routeKey(b)]!.last ?? 0));
      for (const route of routes) {
        const fixture = FIXTURES[routeKey(route)]!;
        const plans: Plan[] = [];
        for (const principal of principals) for (const kind of TARGET_KINDS) plans.push(await plan(principal, route, fixture, kind));
        // Refusals first, all of them between two fingerprints: none may change a table. The jobs the allowed cells
        // before queued (mail, SMS and push into the outbox) run to their end first.
        await t.app.mailer.drain();
        await settle(t.database.db);
        const before = await fingerprint(t.database.db);
        for (const p of plans.filter((x) => REFUSALS.has(x.expected))) cells.push(await send(p, route, fixture));
        const changed = changedTables(before, await fingerprint(t.database.db)).filter((name) => !fixture.refusalWrites?.includes(name));
        if (changed.length > 0) writeLeaks.push({ route: routeKey(route), tables: changed });
        for (const p of plans.filter((x) => !REFUSALS.has(x.expected))) cells.push(await send(p, route, fixture));
      }

      const run = cells.filter((c) => c.expected !== 'n/a');
      const report: MatrixReport = {
        cells: cells.length,
        run: run.length,
        notApplicable: cells.length - run.length,
        passes: run.filter((c) => c.pass && c.leaks.length === 0).length,
        failures: run.filter((c) => !c.pass).length,
        allowed2xx: run.filter((c) => c.expected === 'allowed' && c.status! < 300).length,
        allowedOther: run.filter((c) => c.expected === 'allowed' && c.status! >= 300).length,
        readLeaks: run.filter((c) => c.leaks.length > 0).length,
        writeLeaks,
        routes: routes.length,
        principals: principals.length,
        form: FULL ? 'full' : 'short',
        durationMs: performance.now() - started,
      };
      writeArtefacts(
        ARTEFACT,
        report,
        cells,
        principals.map((p) => p.name),
      );
      console.warn(
        `authorization matrix: ${report.cells} cells (${report.run} run), ${report.passes} passes, ${report.failures} failures, ` +
          `${report.readLeaks} read leaks, ${writeLeaks.length} routes with refused writes that changed data; ${Math.round(report.durationMs / 1000)} s — ${ARTEFACT}.md`,
      );
      expect(
        run.filter((c) => !c.pass).map((c) => `${c.route} as ${c.principal} (${c.target}): expected ${c.expected}, got ${c.status}`),
      ).toEqual([]);
      expect(run.filter((c) => c.leaks.length > 0).map((c) => `${c.route} as ${c.principal} (${c.target}): ${c.leaks.join(', ')}`)).toEqual(
        [],
      );
      expect(writeLeaks).toEqual([]);
      // Every principal was refused somewhere and allowed somewhere (the matrix is not vacuous).
      expect(report.allowed2xx).toBeGreaterThan(100);
    },
  );
});
