import type { BookingCandidate, BookingDetail, BookingListItem, PendingBookingSummary } from '@portal/contract/bookings';
import type { AbsenceReason, BookingRequestStatus, BookingStatus, Locale } from '@portal/contract/domain';
import { nextSchoolDay } from '@portal/contract/school-days';

/**
 * Rows of the booking read model turned into the API's shapes, each answer in one place: a list item, a request's
 * summary and a request's detail. The repositories read the rows; whoever answers with one of these shapes maps it
 * here, so two answers of the same shape cannot drift apart.
 */

/** 'HH:mm:ss' → 'HH:mm'. */
export const hhmm = (time: string) => time.slice(0, 5);

export function candidateOf(row: {
  id: number | null;
  firstName: string | null;
  lastName: string | null;
  preferredName: string | null;
}): BookingCandidate | null {
  if (row.id === null || row.firstName === null || row.lastName === null) return null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    preferredName: row.preferredName,
    fullName: `${row.firstName} ${row.lastName}`,
  };
}

function coveringOf(id: number | null, name: string | null, reason: AbsenceReason | null) {
  return id === null && name === null && reason === null ? null : { id, name, reason };
}

/** A booking's list-item columns as read (read-model/booking-detail.repository `ITEM_SELECT`). */
export interface BookingItemColumns {
  id: number;
  requestId: number;
  status: BookingStatus;
  dateLocal: string;
  startTimeLocal: string;
  endTimeLocal: string;
  breakMinutes: number;
  timeZone: string;
  clientId: number;
  clientName: string;
  locationId: number;
  locationName: string;
  classificationId: number;
  classificationTitle: string;
  candidateId: number | null;
  candidateFirstName: string | null;
  candidateLastName: string | null;
  candidatePreferredName: string | null;
  seriesReference: string | null;
  seriesPosition: number | null;
  seriesTotal: number | null;
  coveringId: number | null;
  coveringName: string | null;
  absenceReason: AbsenceReason | null;
  feedbackCompleted: boolean;
  cancelReason: string | null;
  cancelledAt: Date | null;
  startUtc: Date;
}

export interface BookingItemRow extends BookingListItem {
  cancelReason: string | null;
  cancelledAt: string | null;
  /** The start as an instant (stored with the row): the unfilled-risk rule needs it, the answers do not carry it. */
  startUtc: Date;
}

export function toItem(r: BookingItemColumns): BookingItemRow {
  return {
    id: r.id,
    requestId: r.requestId,
    status: r.status,
    dateLocal: r.dateLocal,
    startTimeLocal: hhmm(r.startTimeLocal),
    endTimeLocal: hhmm(r.endTimeLocal),
    breakMinutes: r.breakMinutes,
    timeZone: r.timeZone,
    client: { id: r.clientId, name: r.clientName },
    location: { id: r.locationId, name: r.locationName },
    classification: { id: r.classificationId, onlineTitle: r.classificationTitle },
    candidate: candidateOf({
      id: r.candidateId,
      firstName: r.candidateFirstName,
      lastName: r.candidateLastName,
      preferredName: r.candidatePreferredName,
    }),
    seriesReference: r.seriesReference,
    seriesPosition: r.seriesPosition,
    seriesTotal: r.seriesTotal,
    covering: coveringOf(r.coveringId, r.coveringName, r.absenceReason),
    feedbackCompleted: r.feedbackCompleted,
    cancelReason: r.cancelReason,
    cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
    startUtc: r.startUtc,
  };
}

/** Distinct dates, sorted, and whether each follows the previous one as the next school day. */
export function datesSummary(dates: readonly string[]) {
  const distinct = [...new Set(dates)].sort();
  const consecutive = distinct.every((d, i) => i === 0 || nextSchoolDay(distinct[i - 1]!) === d);
  return {
    days: distinct.length,
    earliestDate: distinct[0] ?? '',
    latestDate: distinct[distinct.length - 1] ?? '',
    areDatesConsecutive: consecutive,
  };
}

/** A request's summary columns as read (read-model/booking-detail.repository `summaryColumns`). */
export interface SummaryRow {
  id: number;
  status: BookingRequestStatus;
  createdAt: Date;
  createdByContactId: number | null;
  creatorName: string | null;
  clientId: number;
  clientName: string;
  groupId: number | null;
  groupName: string | null;
  locationId: number;
  locationName: string;
  timeZone: string;
  startTimeLocal: string;
  endTimeLocal: string;
  coveringId: number | null;
  coveringName: string | null;
  absenceReason: AbsenceReason | null;
}

export function toSummary(r: SummaryRow, dates: readonly string[]): PendingBookingSummary {
  const { days, earliestDate, latestDate, areDatesConsecutive } = datesSummary(dates);
  return {
    id: r.id,
    status: r.status,
    createdBy: { id: r.createdByContactId, name: r.creatorName ?? 'Provider staff' },
    createdOnUtc: r.createdAt.toISOString(),
    days,
    client: { id: r.clientId, name: r.clientName },
    clientGroup: r.groupId !== null && r.groupName !== null ? { id: r.groupId, name: r.groupName } : null,
    location: { id: r.locationId, name: r.locationName, timeZone: r.timeZone },
    details: {
      startTime: hhmm(r.startTimeLocal),
      endTime: hhmm(r.endTimeLocal),
      earliestDate,
      latestDate,
      areDatesConsecutive,
      covering: coveringOf(r.coveringId, r.coveringName, r.absenceReason),
    },
  };
}

/** A request's detail columns as read: its summary's and what only the detail names. */
export interface RequestDetailRow extends SummaryRow {
  notes: string | null;
  room: string | null;
  breakMinutes: number;
  isFullDay: boolean;
  bookingsPerDay: number;
  policiesAgreedAt: Date | null;
  rejectReason: string | null;
  seriesReference: string | null;
  certifications: Array<{ id: number; name: string }>;
  confirmations: Array<{ id: number; name: string; email: boolean; sms: boolean; voice: boolean; push: boolean }>;
  grades: Array<{ id: number; title: string }>;
  classificationId: number;
  classificationTitle: string;
  region: Locale;
  requestedCandidate: { id: number; fullName: string } | null;
  locationType: string;
  maxExtensionDays: number;
  sameDayCutoff: string | null;
}

/** What bounds an extension of the request (its location's type, its client's maximum and same-day cut-off). */
export interface ExtensionLimits {
  locationType: string;
  maxExtensionDays: number;
  sameDayCutoff: string | null;
}

/** The detail as read: the answer's fields, every booking as a row, and the limits the actions are decided by. */
export type RequestDetail = Omit<BookingDetail, 'booking' | 'bookings'> & { bookings: BookingItemRow[]; extensionLimits: ExtensionLimits };

/** A booking request with every field of spec §3 'Booking detail', and all its bookings. */
export function toRequestDetail(row: RequestDetailRow, items: BookingItemRow[]): RequestDetail {
  const summary = toSummary(
    row,
    items.map((b) => b.dateLocal),
  );
  return {
    ...summary,
    details: {
      ...summary.details,
      notes: row.notes,
      room: row.room,
      breakMinutes: row.breakMinutes,
      isFullDay: row.isFullDay,
      bookingsPerDay: row.bookingsPerDay,
      policiesAgreed: row.policiesAgreedAt !== null,
      rejectReason: row.rejectReason,
    },
    certifications: row.certifications,
    confirmations: row.confirmations,
    classification: { id: row.classificationId, onlineTitle: row.classificationTitle },
    grades: row.grades,
    dates: items.map((b) => ({ id: b.id, date: b.dateLocal })),
    seriesReference: row.seriesReference,
    requestedCandidate: row.requestedCandidate,
    region: row.region,
    bookings: items,
    extensionLimits: { locationType: row.locationType, maxExtensionDays: row.maxExtensionDays, sameDayCutoff: row.sameDayCutoff },
  };
}
