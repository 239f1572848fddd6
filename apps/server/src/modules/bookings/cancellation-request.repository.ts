import { eq } from 'drizzle-orm';
import { cancellationRequests } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

export interface CancellationRequestRow {
  bookingId: number;
  contactId: number | null;
  staffUserId: number | null;
  requesterName: string;
  reason: string;
  sentTo: string;
  requestedAt: Date;
}

/**
 * Records the booking's cancellation request unless one was already sent: then nothing is written and the first is
 * returned. The unique index on the booking decides, so of two requests racing exactly one is recorded.
 */
export async function recordCancellationRequest(
  tx: DbOrTx,
  row: CancellationRequestRow,
): Promise<{ recorded: true } | { recorded: false; first: CancellationRequestRow }> {
  const inserted = await tx
    .insert(cancellationRequests)
    .values(row)
    .onConflictDoNothing({ target: cancellationRequests.bookingId })
    .returning({ id: cancellationRequests.id });
  if (inserted.length > 0) return { recorded: true };
  const [first] = await tx
    .select({
      bookingId: cancellationRequests.bookingId,
      contactId: cancellationRequests.contactId,
      staffUserId: cancellationRequests.staffUserId,
      requesterName: cancellationRequests.requesterName,
      reason: cancellationRequests.reason,
      sentTo: cancellationRequests.sentTo,
      requestedAt: cancellationRequests.requestedAt,
    })
    .from(cancellationRequests)
    .where(eq(cancellationRequests.bookingId, row.bookingId));
  return { recorded: false, first: first! };
}
