import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { bookings, candidates, classifications, feedback, locations } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { PendingFeedbackItem } from '@portal/contract/feedback';
import type { Scope } from '@portal/contract/permissions';
import { selectBookings } from '../../read-model/booking-join.repository';

/** Completed bookings and the feedback given on them. */

const MAX_ITEMS = 500;

/** Completed bookings with an educator dated from `fromDays` days before today to today (each in the booking's zone). */
export async function completedWithEducator(db: DbOrTx, scope: Scope, now: Date, windowDays: number): Promise<PendingFeedbackItem[]> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${bookings.timeZone})::date`;
  const rows = await selectBookings(db, {
    feedbackCompleted: bookings.feedbackCompleted,
    dateLocal: bookings.dateLocal,
    locationId: locations.id,
    locationName: locations.name,
    classification: classifications.onlineTitle,
    candidateId: candidates.id,
    firstName: candidates.firstName,
    lastName: candidates.lastName,
    preferredName: candidates.preferredName,
  })
    .where(
      and(
        or(
          scope.clientIds.length ? inArray(bookings.clientId, scope.clientIds) : undefined,
          scope.locationIds.length ? inArray(bookings.locationId, scope.locationIds) : undefined,
        ),
        eq(bookings.status, 'completed'),
        isNotNull(bookings.candidateId),
        gte(bookings.dateLocal, sql`${today} - ${windowDays}::int`),
        lte(bookings.dateLocal, today),
      ),
    )
    .orderBy(desc(bookings.dateLocal), desc(bookings.id))
    .limit(MAX_ITEMS);
  // The where keeps only bookings with an educator, so every row has one (the join is outer for bookings without).
  return rows.flatMap((r) =>
    r.candidateId === null || r.firstName === null || r.lastName === null
      ? []
      : [
          {
            bookingID: r.id,
            feedbackCompleted: r.feedbackCompleted,
            dateLocal: r.dateLocal,
            location: { id: r.locationId, name: r.locationName },
            classification: r.classification,
            candidate: {
              id: r.candidateId,
              firstName: r.firstName,
              lastName: r.lastName,
              preferredName: r.preferredName,
              fullName: `${r.preferredName ?? r.firstName} ${r.lastName}`,
            },
          },
        ],
  );
}

export async function bookingForFeedback(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      locationId: bookings.locationId,
      status: bookings.status,
      candidateId: bookings.candidateId,
      feedbackCompleted: bookings.feedbackCompleted,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

/** Records the feedback and marks the booking done; false when feedback already exists. */
export async function insertFeedback(
  tx: DbOrTx,
  values: { bookingId: number; contactId: number; rating: number; wouldRebook: boolean | null; comment: string | null },
  at: Date,
): Promise<boolean> {
  const inserted = await tx.insert(feedback).values(values).onConflictDoNothing().returning({ id: feedback.id });
  if (inserted.length === 0) return false;
  await tx.update(bookings).set({ feedbackCompleted: true, updatedAt: at }).where(eq(bookings.id, values.bookingId));
  return true;
}
