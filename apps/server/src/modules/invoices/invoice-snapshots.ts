import { INVOICE_SORTS, type InvoiceSort } from '@portal/contract/invoices';
import type { VersionedSnapshots } from '../../lib/versioned-snapshots';
import { keyText } from '../../lib/versioned-answers';
import type { DbOrTx } from '@portal/db/client';
import { clientsInvoices, countInvoicesUpTo, type InvoiceFilter, type InvoiceRow } from './invoices.repository';

/**
 * The invoices of a caller's whole accounts view, held in memory as one version of the data (docs/decisions/033,
 * kept by lib/versioned-snapshots.ts): a page of the list is filtered, ordered and cut here, as `listInvoices` reads it.
 */

export interface InvoiceSnapshot {
  rows: readonly InvoiceRow[];
  /** Row indexes in each sort's order. */
  order: Readonly<Record<InvoiceSort, Uint32Array>>;
}

/** Each sort's key, compared before the id (the list's ORDER BY: the key, then the id, both one way). */
const KEYS: Record<InvoiceSort, (r: InvoiceRow) => string | number> = {
  '-issueDate': (r) => r.issue_date,
  issueDate: (r) => r.issue_date,
  '-dueDate': (r) => r.due_date,
  dueDate: (r) => r.due_date,
  '-total': (r) => r.total_minor,
  total: (r) => r.total_minor,
};

export function invoiceSnapshotOf(rows: readonly InvoiceRow[]): InvoiceSnapshot {
  const order = {} as Record<InvoiceSort, Uint32Array>;
  for (const sort of INVOICE_SORTS) {
    const key = KEYS[sort];
    const way = sort.startsWith('-') ? -1 : 1;
    const indexes = Uint32Array.from(rows.keys());
    indexes.sort((a, b) => {
      const [x, y] = [key(rows[a]!), key(rows[b]!)];
      return way * (x < y ? -1 : x > y ? 1 : rows[a]!.id - rows[b]!.id);
    });
    order[sort] = indexes;
  }
  return { rows, order };
}

/** `listInvoices`'s page over the snapshot: the filter's clients, paid or not, each client's due-date cut-off. */
export function invoicePageOf(
  snapshot: InvoiceSnapshot,
  filter: InvoiceFilter,
  sort: InvoiceSort,
  skip: number,
  take: number,
): { rows: InvoiceRow[]; total: number } {
  const dueBefore = new Map(filter.clients.map((c) => [c.clientId, c.dueBefore]));
  const rows: InvoiceRow[] = [];
  let total = 0;
  for (const index of snapshot.order[sort]) {
    const r = snapshot.rows[index]!;
    const cutOff = dueBefore.get(r.client_id);
    if (cutOff === undefined) continue;
    if (filter.paid !== undefined && (r.paid_at !== null) !== filter.paid) continue;
    if (cutOff !== null && !(r.due_date < cutOff)) continue;
    if (total >= skip && rows.length < take) rows.push(r);
    total++;
  }
  return { rows, total };
}

/**
 * The snapshot of the invoices of `clientIds` (the caller's whole accounts view) at `versions` (theirs, read before
 * this call), when one is kept or worth building now; undefined: read the page from the database.
 */
export function invoiceSnapshot(
  snapshots: VersionedSnapshots,
  db: DbOrTx,
  clientIds: readonly number[],
  versions: string,
): Promise<InvoiceSnapshot | undefined> {
  return snapshots.of(keyText(['invoices', clientIds]), versions, async (maxRows) =>
    (await countInvoicesUpTo(db, clientIds, maxRows)) > maxRows ? 'too-large' : invoiceSnapshotOf(await clientsInvoices(db, clientIds)),
  );
}
