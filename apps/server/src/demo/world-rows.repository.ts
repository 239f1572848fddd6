import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from '@portal/db/schema';

/**
 * The row shapes the demo plans (world-plan.ts, activity.ts) before seed.repository.ts writes them: the schema
 * stays behind the repositories, the planners see only these types.
 */
type Schema = typeof schema;

/** The insert shape of a schema table, by its export name (`InsertRow<'bookings'>`). */
export type InsertRow<K extends keyof Schema> = Schema[K] extends PgTable ? Schema[K]['$inferInsert'] : never;

export type { CandidateModification, TimesheetBreak } from '@portal/db/schema';
