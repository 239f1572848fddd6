import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Keyset pages: a list read in order, each page starting after the last row of the previous one (a row comparison
 * on the order's keys) instead of at an offset, so reading every row costs one pass however long the list is (the
 * CSV exports read whole lists this way). A list's order is written once as its keys and used by its paged answer
 * too, so both read the rows in the same order.
 *
 * Every key must be non-null (a nullable column is two keys: `x is null` and `coalesce(x, …)`), and the last one
 * unique (the id). A page's last row carries its keys as text (`keysetText`), read back as each key's SQL type, so
 * dates, times and instants compare exactly as stored.
 */
export interface KeysetKey {
  expr: SQLWrapper;
  /** The SQL type the key's text form is cast back to (a constant of the code, never input). */
  type: 'int' | 'int8' | 'text' | 'date' | 'time' | 'timestamptz' | 'boolean' | 'booking_status';
}

export interface KeysetOrder {
  keys: readonly KeysetKey[];
  descending: boolean;
}

/** ORDER BY terms of the keys. */
export function keysetOrderBy({ keys, descending }: KeysetOrder): SQL[] {
  return keys.map((k) => (descending ? sql`${k.expr} desc` : sql`${k.expr} asc`));
}

/** The keys of a row as a JSON array of texts: where the next page starts after it. */
export function keysetText({ keys }: KeysetOrder): SQL<string[]> {
  return sql<string[]>`json_build_array(${sql.join(
    keys.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  )})`;
}

/** Rows after the row whose keys are `after` (from `keysetText`), in the order. */
export function keysetAfter({ keys, descending }: KeysetOrder, after: readonly string[]): SQL {
  if (after.length !== keys.length) throw new Error(`a keyset of ${keys.length} keys cannot start after ${after.length} values`);
  const row = sql.join(
    keys.map((k) => sql`${k.expr}`),
    sql`, `,
  );
  const values = sql.join(
    keys.map((k, i) => sql`${after[i]}::${sql.raw(k.type)}`),
    sql`, `,
  );
  return descending ? sql`(${row}) < (${values})` : sql`(${row}) > (${values})`;
}
