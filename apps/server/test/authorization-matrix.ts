import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@portal/db/client';
import {
  ACTIONS,
  allClients,
  meetsRequirement,
  PAGE_REQUIREMENTS,
  ROUTE_REQUIREMENTS,
  type PermissionTree,
  type RouteRequirement,
} from '@portal/contract/permissions';
import { hasContactFeature, resolvePermission, type PermissionDeclaration, type ScopedPermission } from '../src/plugins/route-permission';
import type { ContactRecord } from '../src/modules/identity/principal.repository';
import { flushBookingNotifications } from '../src/modules/bookings/booking-notifications';

/**
 * The authorization matrix: every route of the catalogue × every principal × a target (the
 * caller's own record, another client's, one of the caller's own locations without the needed scope). The
 * expected answer of each cell is computed here from the route's declaration and the caller's permission tree,
 * with the contract's own functions (resolvePermission, meetsRequirement); nothing is typed in by hand.
 */

export type TargetKind = 'own' | 'foreign' | 'unscoped';
export const TARGET_KINDS: readonly TargetKind[] = ['own', 'foreign', 'unscoped'];

/** What a cell must answer. */
export type Expectation =
  /** No token on a guarded route: exactly 401. */
  | 'unauthenticated'
  /** Refused by the route's declaration (staff only, a permission held nowhere, a flag off): exactly 403. */
  | 'forbidden'
  /** Refused at the row (another client's, or a node of the caller's without the need): 403 or 404. */
  | 'denied'
  /** Allowed: not 401/403/404 and no 5xx (2xx for a valid request; the table counts those). */
  | 'allowed'
  /** A public route: any answer below 500. */
  | 'public';

export interface Place {
  groupId: number | null;
  clientId: number;
  locationId: number;
}

export interface Principal {
  name: string;
  kind: 'anonymous' | 'staff' | 'contact';
  headers: Record<string, string>;
  tree: PermissionTree;
  contact?: ContactRecord;
  /** Client ids in the tree. */
  clientIds: Set<number>;
  locationIds: Set<number>;
}

/** The node a route's row check is made at. `none`: the route serves the caller's own records or no client's data. */
export type Per = 'location' | 'client' | 'client-itself' | 'group' | 'none';

export interface MatrixContext {
  db: Database['db'];
  principal: Principal;
  /** A fresh Idempotency-Key. */
  key: () => string;
  /** A number that differs from call to call. */
  serial: number;
  /** Calls the app (to make a record the request then names). */
  inject: (options: InjectOptions) => Promise<{ statusCode: number; json: () => unknown }>;
}

export interface Fixture {
  /** Where the route's row check is made (default: the declaration's `per`, else `none`). */
  per?: Per;
  /** The need at the row (default: the declaration's need). */
  need?: RouteRequirement | 'signedIn';
  /** An extra condition at the location (e.g. replace-me's tag). */
  at?: (principal: Principal, place: Place) => boolean;
  /** The request aimed at a place; undefined when the place has no suitable row (the next place is tried). */
  make: (ctx: MatrixContext, place: Place) => Promise<InjectOptions | undefined> | InjectOptions | undefined;
  /**
   * A refusal inside a success answer (e.g. a timesheet submit answers 207 with reason `unknown`): returns true
   * when the answer refused the target. Without it a refused target must answer 403 or 404.
   */
  refusedInAnswer?: (status: number, body: string) => boolean;
  /** Whether a 2xx answer is checked for other clients' names and ids (false for routes serving no client data). */
  leakCheck?: boolean;
  /** Runs after every other route, in this order (it ends sessions: a password change, signing out). */
  last?: number;
  /** Tables a refusal inside a success answer may change: the stored answer of its Idempotency-Key. */
  refusalWrites?: string[];
}

export interface RouteEntryLike {
  method: string;
  url: string;
  public: boolean;
  staff: boolean;
  permission?: PermissionDeclaration;
}

const isScoped = (d: PermissionDeclaration): d is ScopedPermission => typeof d === 'object' && 'need' in d;

/** The route's need at the row: the declaration's own need, not its coarse form. */
export function rowNeed(declaration: PermissionDeclaration | undefined): RouteRequirement | 'signedIn' {
  if (!declaration || declaration === 'signedIn') return 'signedIn';
  const need = isScoped(declaration) ? declaration.need : declaration;
  if (need === 'signedIn') return 'signedIn';
  if (typeof need !== 'string') return need;
  return need in ROUTE_REQUIREMENTS
    ? ROUTE_REQUIREMENTS[need as keyof typeof ROUTE_REQUIREMENTS]
    : PAGE_REQUIREMENTS[need as keyof typeof PAGE_REQUIREMENTS];
}

export function perOf(route: RouteEntryLike, fixture: Fixture): Per {
  if (fixture.per) return fixture.per;
  const d = route.permission;
  return d && isScoped(d) ? d.per : 'none';
}

/** Levels dropped: the need is checked at one node of a tree cut down to it. */
const anyLevel = (need: RouteRequirement): RouteRequirement => ({
  requirement: need.requirement,
  permissions: need.permissions.map(({ scope, action }) => ({ scope, action })),
});

/**
 * The caller's tree cut down to the node the row check is made at: the location alone (with its effective
 * permissions), the client with its locations, or the group's own entries.
 */
function cutTree(tree: PermissionTree, per: Per, place: Place): PermissionTree | undefined {
  for (const client of allClients(tree)) {
    if (client.clientId !== place.clientId) continue;
    const group = tree.groups.find((g) => g.clients.some((c) => c.clientId === client.clientId));
    if (per === 'location') {
      const location = client.locations.find((l) => l.locationId === place.locationId);
      if (!location) return undefined;
      return { groups: [], clients: [{ ...client, access: { permissions: [] }, locations: [location] }] };
    }
    if (per === 'client') return { groups: [], clients: [client] };
    if (per === 'client-itself') return { groups: [], clients: [{ ...client, locations: [] }] };
    if (per === 'group') return group ? { groups: [{ ...group, clients: [] }], clients: [] } : undefined;
  }
  return undefined;
}

/** Whether the caller holds the route's need at the place (the node `per` names). */
export function holdsAt(principal: Principal, route: RouteEntryLike, fixture: Fixture, place: Place): boolean {
  const per = perOf(route, fixture);
  if (per === 'none') return true;
  const cut = cutTree(principal.tree, per, place);
  if (!cut) return false;
  const need = fixture.need ?? rowNeed(route.permission);
  const held = need === 'signedIn' ? true : meetsRequirement(cut, anyLevel(need));
  return held && (fixture.at?.(principal, place) ?? true);
}

/** What the declaration alone decides (before any row): undefined when the route goes on to the row. */
export function declared(principal: Principal, route: RouteEntryLike): Expectation | undefined {
  if (route.public) return 'public';
  if (principal.kind === 'anonymous') return 'unauthenticated';
  if (route.staff) return principal.kind === 'staff' ? 'allowed' : 'forbidden';
  // A staff token acts only as an impersonated contact outside staff routes.
  if (principal.kind === 'staff') return 'forbidden';
  if (!route.permission) return 'forbidden';
  const resolved = resolvePermission(route.permission);
  if (resolved.feature && !hasContactFeature(principal.contact, resolved.feature)) return 'forbidden';
  if (resolved.requirement) {
    const selectedClientIds = allClients(principal.tree).map((c) => c.clientId);
    if (!meetsRequirement(principal.tree, resolved.requirement, { selectedClientIds })) return 'forbidden';
  }
  return undefined;
}

export function expectationOf(principal: Principal, route: RouteEntryLike, fixture: Fixture, kind: TargetKind, place: Place): Expectation {
  const first = declared(principal, route);
  if (first) return first;
  if (perOf(route, fixture) === 'none') return 'allowed';
  if (kind === 'foreign') return 'denied';
  return holdsAt(principal, route, fixture, place) ? 'allowed' : 'denied';
}

export function meets(expectation: Expectation, status: number, refusedInAnswer: boolean): boolean {
  switch (expectation) {
    case 'unauthenticated':
      return status === 401;
    case 'forbidden':
      return status === 403;
    case 'denied':
      return status === 403 || status === 404 || refusedInAnswer;
    case 'allowed':
      return status < 500 && ![401, 403, 404].includes(status) && !refusedInAnswer;
    case 'public':
      return status < 500;
  }
}

/** Every action of every scope: the need of a route that only needs a node in the tree. */
export const ANY_PERMISSION: RouteRequirement = {
  requirement: 'ONE',
  permissions: (['booking', 'pendingBooking', 'timesheets', 'accounts', 'replaceMe'] as const).flatMap((scope) =>
    ACTIONS.map((action) => ({ scope, action })),
  ),
};

/**
 * A fingerprint of every table a request could change (sessions and counters of sign-in aside): row count and
 * the sum of the rows' transaction ids, which any insert, update or delete changes.
 */
const UNFINGERPRINTED = new Set(['refresh_tokens', 'auth_counters', 'meta', 'oidc_payloads']);
let fingerprintQuery: string | undefined;
export async function fingerprint(db: Database['db']): Promise<Record<string, string>> {
  if (!fingerprintQuery) {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    fingerprintQuery = tables
      .filter((t) => !UNFINGERPRINTED.has(t.name) && !t.name.startsWith('__'))
      .map(
        (t) => `select '${t.name}' as name, count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as print from "${t.name}"`,
      )
      .join(' union all ');
  }
  const rows = await queryRows<{ name: string; print: string }>(db, sql.raw(fingerprintQuery));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

/**
 * Waits for the work a reply left behind: first the after-reply tasks (approval links and booking e-mails, which
 * insert rows and queue mail after the answer went out), then (up to 5 s) until the mail queue is empty, as the app
 * sends queued e-mail in the background, moving rows from mail_queue to the demo outbox. Either would otherwise show
 * as a change during the next requests.
 */
export async function settle(db: Database['db']): Promise<void> {
  await flushBookingNotifications();
  for (let i = 0; i < 100; i += 1) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_queue where failed_at is null`);
    if (row?.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

/** Names and ids of the clients and locations outside the caller's tree, to look for in its answers. */
export interface Foreign {
  names: string[];
  clientIds: Set<number>;
  locationIds: Set<number>;
}

/** The other clients' names, ids under `clientId`/`locationId` keys, found in a body (empty: no leak). */
export function leaksIn(body: string, foreign: Foreign): string[] {
  const found = foreign.names.filter((name) => body.includes(name) || body.includes(JSON.stringify(name).slice(1, -1)));
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return found;
  }
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      const ids = Array.isArray(v) ? v : [v];
      if (/^(clientId|clientIds)$/i.test(k))
        for (const id of ids) if (typeof id === 'number' && foreign.clientIds.has(id)) found.push(`${k}=${id}`);
      if (/^(locationId|locationIds)$/i.test(k))
        for (const id of ids) if (typeof id === 'number' && foreign.locationIds.has(id)) found.push(`${k}=${id}`);
      walk(v);
    }
  };
  walk(parsed);
  return found;
}

export interface Cell {
  route: string;
  principal: string;
  target: TargetKind;
  place: string;
  expected: Expectation | 'n/a';
  status: number | null;
  pass: boolean;
  /** Other clients' names or ids in a 2xx answer. */
  leaks: string[];
  note?: string;
}

export interface MatrixReport {
  cells: number;
  run: number;
  notApplicable: number;
  passes: number;
  failures: number;
  allowed2xx: number;
  allowedOther: number;
  readLeaks: number;
  /** Routes whose refused requests changed a table. */
  writeLeaks: { route: string; tables: string[] }[];
  routes: number;
  principals: number;
  /** short (`npm test`) or full (`npm run proof`, MATRIX=full). */
  form: 'short' | 'full';
  durationMs: number;
}

export function writeArtefacts(path: string, report: MatrixReport, cells: Cell[], principals: string[]): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.json`, `${JSON.stringify({ report, cells }, null, 1)}\n`);
  const routes = [...new Set(cells.map((c) => c.route))];
  const short = (c: Cell | undefined) => {
    if (!c || c.expected === 'n/a') return '·';
    const mark = c.pass && c.leaks.length === 0 ? '' : ' ✗';
    return `${c.status}${mark}`;
  };
  const lines = [
    '# Authorization matrix',
    '',
    `Cells: ${report.cells} (run ${report.run}, not applicable ${report.notApplicable}) · passes: ${report.passes} · failures: ${report.failures} · ` +
      `read leaks: ${report.readLeaks} · routes whose refused requests changed data: ${report.writeLeaks.length} · ` +
      `allowed answered 2xx: ${report.allowed2xx}, allowed with a business refusal: ${report.allowedOther} · ${report.routes} routes × ${report.principals} principals × 3 targets · ${Math.round(report.durationMs)} ms`,
    '',
    'Each cell: the statuses for the targets own / foreign / unscoped (`·`: not applicable), ✗ where the cell failed.',
    '',
    `| route | ${principals.join(' | ')} |`,
    `|---|${principals.map(() => '---').join('|')}|`,
    ...routes.map((route) => {
      const row = principals.map((p) =>
        TARGET_KINDS.map((k) => short(cells.find((c) => c.route === route && c.principal === p && c.target === k))).join(' / '),
      );
      return `| \`${route}\` | ${row.join(' | ')} |`;
    }),
    '',
  ];
  const failed = cells.filter((c) => !c.pass || c.leaks.length > 0);
  if (failed.length > 0) {
    lines.push('## Failed cells', '');
    for (const c of failed) {
      lines.push(
        `- \`${c.route}\` as ${c.principal}, ${c.target} (${c.place}): expected ${c.expected}, got ${c.status}${c.leaks.length ? `, leaks ${c.leaks.join(', ')}` : ''}${c.note ? ` — ${c.note}` : ''}`,
      );
    }
  }
  writeFileSync(`${path}.md`, `${lines.join('\n')}\n`);
}
