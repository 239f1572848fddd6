import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, idColumn } from './columns';
import { clients } from './organisations';

/**
 * Educators. Profile pictures are drawn on demand from avatar_seed; profile_image only holds an uploaded picture,
 * so a million candidates do not store a million images.
 */
export const candidates = pgTable(
  'candidates',
  {
    id: idColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    preferredName: text('preferred_name'),
    email: text('email'),
    phone: text('phone'),
    /** ISO 3166-1 alpha-2 of where the educator works. */
    country: text('country').notNull(),
    /** e.g. 'Primary Teacher', 'Teaching Assistant'. */
    headline: text('headline'),
    summary: text('summary'),
    avatarSeed: text('avatar_seed').notNull(),
    profileImage: bytea('profile_image'),
    profileImageType: text('profile_image_type'),
    /** Qualifications held: [{ name, issuer, year }]. */
    qualifications: jsonb('qualifications')
      .$type<Array<{ name: string; issuer: string | null; year: number | null }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Compliance checks such as a working-with-children check: [{ name, reference, expiresOn ('YYYY-MM-DD' or null) }]. */
    complianceChecks: jsonb('compliance_checks')
      .$type<Array<{ name: string; reference: string | null; expiresOn: string | null }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('candidates_last_name_first_name_idx').on(t.lastName, t.firstName)],
);

/** The educators a client knows: those who have worked there (GET candidate/CandidateList?ClientId=). */
export const clientCandidates = pgTable(
  'client_candidates',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    isFavourite: boolean('is_favourite').notNull().default(false),
    /** Never assigned to this client's bookings (by the provider or the simulator); asking for them is refused. */
    isExcluded: boolean('is_excluded').notNull().default(false),
    exclusionReason: text('exclusion_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'client_candidates_pk', columns: [t.clientId, t.candidateId] }),
    index('client_candidates_candidate_id_idx').on(t.candidateId),
  ],
);
