import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import type { PermissionTree } from '@portal/contract/permissions';
import { BookingsQuery } from '@portal/contract/bookings';
import { InvoicesQuery } from '@portal/contract/invoices';
import { TimesheetListQuery, TimesheetsQuery } from '@portal/contract/timesheets';
import { keyText } from '../src/lib/versioned-answers';
import { loadPermissionTree } from '../src/modules/profile/permission-tree.repository';
import { buildTestApp, type TestApp } from './helpers';
import { TEST_NOW } from './global-setup';

/**
 * A versioned answer's tag names what it shows, not the order the caller's permission tree listed its clients in.
 * The tree is ordered by name and read afresh every few seconds, so after a rename two servers (or one server before
 * and after its cache turns) may hold the same clients in two orders; the same page must then have one tag, or a
 * browser's revalidation misses and the differential tests see two tags for one answer.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
});
afterAll(async () => {
  await t?.close();
});

describe('keyText', () => {
  it('writes every list of numbers inside a key in ascending order, and nothing else differently', () => {
    expect(keyText(['a', [3, 1, 2], { scope: { clientIds: [9, 4], locationIds: [] } }, 5, 2])).toBe(
      JSON.stringify(['a', [1, 2, 3], { scope: { clientIds: [4, 9], locationIds: [] } }, 5, 2]),
    );
    // Lists of text or of objects, and a key's own top level, keep their order.
    expect(keyText(['b', ['z', 'a'], [{ id: 2 }, { id: 1 }], null])).toBe(JSON.stringify(['b', ['z', 'a'], [{ id: 2 }, { id: 1 }], null]));
    expect(keyText([3, 1])).toBe('[3,1]');
    // Nested lists, dates and absent parts are written as JSON writes them.
    const day = new Date(Date.UTC(2026, 0, 5));
    expect(
      keyText([
        'c',
        [
          [5, 4],
          ['y', 'x'],
        ],
        { at: day, none: undefined, ids: [2, 1], one: [7] },
        [undefined, 1],
      ]),
    ).toBe(
      JSON.stringify([
        'c',
        [
          [4, 5],
          ['y', 'x'],
        ],
        { at: day, ids: [1, 2], one: [7] },
        [undefined, 1],
      ]),
    );
  });
});

describe('a list answer over a tree whose clients come in another order', () => {
  /** The tree with every list of clients (and each client's locations) reversed: the same access, another order. */
  const reversed = (tree: PermissionTree): PermissionTree => {
    const client = (c: PermissionTree['clients'][number]) => ({ ...c, locations: [...c.locations].reverse() });
    return {
      groups: tree.groups.map((g) => ({ ...g, clients: [...g.clients].reverse().map(client) })),
      clients: [...tree.clients].reverse().map(client),
    };
  };

  it('has the tag it has in the tree’s own order, for invoices, bookings and timesheets', async () => {
    const tags = async (tree: PermissionTree) => {
      const { services } = t.app;
      return {
        invoices: (await services.invoices.listAnswer(tree, InvoicesQuery.parse({ status: 'unpaid', take: '10' }))).tag,
        overdue: (await services.invoices.listAnswer(tree, InvoicesQuery.parse({ status: 'overdue' }))).tag,
        bookings: (await services.bookings.listAnswer(tree, BookingsQuery.parse({ take: '25' }))).tag,
        timesheets: (await services.timesheets.listAnswer(tree, TimesheetsQuery.parse({}))).tag,
        decided: (await services.timesheets.browseAnswer(tree, TimesheetListQuery.parse({ status: 'approved_for_invoice' }))).tag,
      };
    };
    for (const email of ['group.admin@demo.test', 'uk.admin@demo.test']) {
      const [contact] = await queryRows<{ id: number }>(t.database.db, sql`select id from contacts where email = ${email}`);
      const tree = await loadPermissionTree(t.database.db, contact!.id);
      const clients = [...tree.groups.flatMap((g) => g.clients), ...tree.clients];
      expect(clients.length, email).toBeGreaterThan(1);
      expect(await tags(reversed(tree)), email).toEqual(await tags(tree));
    }
  });

  it('is cut from the snapshot built in the tree’s own order, not from a second one, for bookings and invoices', async () => {
    const { services } = t.app;
    const pages = async (tree: PermissionTree) => {
      await (await services.bookings.listAnswer(tree, BookingsQuery.parse({ take: '25' }))).load();
      await (await services.invoices.listAnswer(tree, InvoicesQuery.parse({ take: '10' }))).load();
    };
    const [contact] = await queryRows<{ id: number }>(t.database.db, sql`select id from contacts where email = 'uk.admin@demo.test'`);
    const tree = await loadPermissionTree(t.database.db, contact!.id);
    // The second page of a scope at the same versions builds its snapshot.
    await pages(tree);
    await pages(tree);
    const built = services.snapshots.counts.built;
    const kept = services.snapshots.size.snapshots;
    expect(built).toBeGreaterThanOrEqual(2);
    await pages(reversed(tree));
    await pages(reversed(tree));
    expect(services.snapshots.counts.built).toBe(built);
    expect(services.snapshots.size.snapshots).toBe(kept);
  });
});
