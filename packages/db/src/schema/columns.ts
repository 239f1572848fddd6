import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

/** Surrogate key: an identity column that still accepts explicit ids (the demo seed assigns its own). */
export const idColumn = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Binary content (uploaded images, help files). PGlite answers Uint8Array and pg a Buffer: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
