import type { DbOrTx } from '@portal/db/client';
import type { LiveEventArea, LiveEventKind, LiveEventPayload } from '@portal/contract/live-events';
import { recordBookingEvents, recordLiveEvent, recordRequestEvent, recordTimesheetEvents } from './live-events.repository';

/**
 * The one door through which a module tells the live stream of a change: `record(tx, event)`, on the transaction of
 * the change itself, so the event is seen exactly when the change is (the live_events table is the stream's outbox).
 * The event's kind decides what it is about and so what it names: the stream's payload is read here, not by the
 * writer.
 */

type KindOf<A extends LiveEventArea> = Extract<LiveEventKind, `${A}.${string}`>;

export type LiveEventToRecord =
  /** One event per booking, with what the web app's toast names (school, date, educator) and who made the request. */
  | { kind: KindOf<'booking'>; bookingIds: readonly number[] }
  /** One event per booking whose timesheet changed (submitted by the educator, decided by the school or provider). */
  | { kind: KindOf<'timesheet'>; bookingIds: readonly number[] }
  /** A booking request waiting for approval, approved, rejected or withdrawn. */
  | { kind: KindOf<'pendingApproval'>; requestId: number }
  /** An invoice issued to a client. */
  | { kind: KindOf<'invoice'>; clientId: number; payload: LiveEventPayload }
  /** The service status changed: an event for everyone. */
  | { kind: KindOf<'serviceStatus'> };

const about = <A extends LiveEventArea>(
  event: LiveEventToRecord,
  area: A,
): event is Extract<LiveEventToRecord, { kind: `${A}.${string}` }> => event.kind.startsWith(`${area}.`);

export async function record(tx: DbOrTx, event: LiveEventToRecord): Promise<void> {
  if (about(event, 'booking')) return recordBookingEvents(tx, event.bookingIds, event.kind);
  if (about(event, 'timesheet')) return recordTimesheetEvents(tx, event.bookingIds, event.kind);
  if (about(event, 'pendingApproval')) return recordRequestEvent(tx, event.requestId, event.kind);
  if (about(event, 'invoice'))
    return recordLiveEvent(tx, { clientId: event.clientId, locationId: null, kind: event.kind, payload: event.payload });
  return recordLiveEvent(tx, { clientId: null, locationId: null, kind: event.kind, payload: {} });
}
