import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@portal/db/client';

/** PostgreSQL's limit is 65,535 bind parameters per statement; stay well below it. */
const MAX_PARAMETERS = 60_000;
/** Rows per `unnest` statement: one array parameter per column, so only the statement's size limits it. */
const UNNEST_ROWS = 10_000;

/**
 * Inserts many rows fast: `insert … select c0::type, … from unnest($1::text[], $2::text[], …)` takes one
 * parameter per column however many rows, which PostgreSQL and PGlite parse far quicker than thousands of bind
 * parameters. Tables with binary columns fall back to multi-row VALUES under the parameter limit.
 * Columns are the union of the rows' keys; a missing or undefined value is written as null.
 */
export async function insertRows<T extends PgTable>(tx: DbOrTx, table: T, rows: ReadonlyArray<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return;
  const allColumns = getTableColumns(table) as Record<string, PgColumn>;
  const keySet = new Set<string>();
  for (const row of rows) for (const key in row as object) if (key in allColumns) keySet.add(key);
  const keys = [...keySet];
  const columns = keys.map((key) => allColumns[key]!);

  if (columns.some((column) => column.columnType === 'PgCustomColumn')) {
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / keys.length));
    for (let start = 0; start < rows.length; start += perStatement) {
      await tx.insert(table).values(rows.slice(start, start + perStatement) as T['$inferInsert'][]);
    }
    return;
  }

  const target = sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  )})`;
  // Every column travels as text and is cast back in the select list: drivers differ in how they serialise
  // arrays of enums, times or numerics, but a text[] of literals means the same to all of them.
  const selectList = sql.join(
    columns.map((column, index) => sql`${sql.identifier(`c${index}`)}::${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const aliases = sql.join(
    columns.map((_, index) => sql.identifier(`c${index}`)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += UNNEST_ROWS) {
    const chunk = rows.slice(start, start + UNNEST_ROWS);
    const arrays: SQL[] = columns.map((column, index) => {
      const key = keys[index]!;
      const values = new Array<unknown>(chunk.length);
      for (let i = 0; i < chunk.length; i++) {
        const value = (chunk[i] as Record<string, unknown>)[key];
        values[i] = value === null || value === undefined ? null : String(column.mapToDriverValue(value));
      }
      return sql`${sql.param(values)}::text[]`;
    });
    await tx.execute(sql`${target} select ${selectList} from unnest(${sql.join(arrays, sql`, `)}) as u(${aliases})`);
  }
}

/** After explicit ids were inserted, moves each identity sequence past the largest id. */
export async function syncIdentitySequences(tx: DbOrTx, tables: readonly PgTable[]): Promise<void> {
  for (const table of tables) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const id = columns['id'];
    if (!id || id.generatedIdentity === undefined) continue;
    const name = getTableName(table);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${`"${name}"`}, 'id'), coalesce((select max(id) from ${sql.identifier(name)}), 0) + 1, false)`,
    );
  }
}
