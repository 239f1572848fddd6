import { DateTime } from 'luxon';
import { brandFor } from '@portal/contract/format/brand';
import { formatDuration } from '@portal/contract/format/duration';
import { formatDate, formatTimeOfDay, formatTimeRange } from '@portal/contract/format/locale-format';
import { zoneAbbreviation } from '@portal/contract/format/time-zone';
import type { CandidateBookingModifications, TimesheetBooking } from '@portal/contract/timesheets';
import { COLOURS, drawLogo, factsTable, FONT, rule, tagged, taggedPdf, type TaggedPdf } from '../../lib/pdf-document';
import type { PartyAddress } from '../invoices/provider-entities';

/**
 * The timesheet of one booking as a PDF (lib/pdf-document: Noto Sans, tagged): the provider's name and logo, school,
 * location, educator, the day in the school's date format, the booked times and what the timesheet bills
 * (TimesheetBooking.billing, the one rule the list and the invoice use), written with the portal's own formatters
 * (hours '6 h 10 min', times '13:30' or '1:30 PM' by locale), the pay unit in words, status and decision; times in
 * the location's zone as its readers name it ('AEDT').
 */

const STATUS_TEXT: Record<TimesheetBooking['status'], string> = {
  pending_approval: 'Pending approval',
  pending_review: 'Pending review',
  approved_for_invoice: 'Approved for invoice',
  invoiced: 'Invoiced',
};

const DECISION_TEXT = { approved: 'Approved', modified: 'Modified', did_not_happen: 'Did not happen' } as const;

const PAY_UNIT_TEXT: Record<string, string> = { day: 'Paid by the day', hour: 'Paid by the hour' };

const LEFT = 56;
const WIDTH = 595.28 - 2 * LEFT;

const breakText = (minutes: number, locale: string) => (minutes > 0 ? `${formatDuration(minutes, locale)} break` : 'no break');

export function timesheetFileName(t: TimesheetBooking): string {
  return `timesheet-${t.bookingId}-${t.dateLocal}.pdf`;
}

/** What the timesheet bills: 'Hours billed' once final, 'Hours to bill if approved' before. */
function billingRow(t: TimesheetBooking, locale: string): [string, string] {
  const b = t.billing;
  if (b.kind === 'no_charge') return [b.final ? 'Billed' : 'To bill if approved', 'No charge (did not happen)'];
  const label = b.final ? 'Hours billed' : b.basis === 'school' ? 'Hours to bill if the review agrees' : 'Hours to bill if approved';
  return [
    label,
    `${formatDuration(b.minutes, locale)} (${formatTimeRange(b.startTime, b.endTime, locale)}, ${breakText(b.breakMinutes, locale)})`,
  ];
}

/** A change by the educator or the school (the two share a shape): other hours, or that it did not happen. */
function changeText(change: CandidateBookingModifications, locale: string): string {
  if (change.didNotHappen) return `Did not happen${change.reason ? `: ${change.reason}` : ''}`;
  return `${formatTimeRange(change.startTimeLocal ?? '', change.endTimeLocal ?? '', locale)}, ${breakText(change.breakMinutes ?? 0, locale)}`;
}

/** 'Tue 3/11/2026': the weekday with the locale's short date. */
function dayText(dateIso: string, locale: string): string {
  return `${DateTime.fromISO(dateIso).setLocale('en').toFormat('ccc')} ${formatDate(dateIso, locale)}`;
}

/** When the school decided, at the location, with the zone as it was then. */
function decidedOn(t: TimesheetBooking, locale: string): string {
  if (!t.decidedAt) return '—';
  const at = DateTime.fromISO(t.decidedAt).setZone(t.locationTimeZone);
  const zone = zoneAbbreviation(t.locationTimeZone, t.decidedAt, locale);
  return `${formatDate(at.toISODate()!, locale)} ${formatTimeOfDay(at.toFormat('HH:mm'), locale)} ${zone}`;
}

function rows(t: TimesheetBooking, locale: string, zone: string): Array<[string, string]> {
  const booked = `${formatTimeRange(t.startTimeLocal, t.endTimeLocal, locale)} ${zone}, ${breakText(t.breakMinutes, locale)}`;
  const result: Array<[string, string]> = [
    ['School', t.clientName],
    ['Location', t.locationName],
    ['Educator', t.candidateFullName],
    ['Date', dayText(t.dateLocal, locale)],
    ['Booked', booked],
    billingRow(t, locale),
    ['Pay', PAY_UNIT_TEXT[t.unitType ?? ''] ?? t.payOptionType ?? '—'],
    ['Status', t.bookingStatus === 'cancelled' ? 'Cancelled, no charge' : STATUS_TEXT[t.status]],
    ['Decision', t.decision ? DECISION_TEXT[t.decision] : 'Not decided yet'],
    ['Decided by', t.decidedByName ?? '—'],
    ['Decided on', decidedOn(t, locale)],
  ];
  if (t.invoiceNo) result.push(['Invoice', t.invoiceNo]);
  const m = t.candidateBookingModifications;
  if (m) result.push(['Educator reported', changeText(m, locale)]);
  if (t.clientModification) result.push(['School submitted', changeText(t.clientModification, locale)]);
  for (const b of t.breaks) result.push([`Break (${b.type})`, formatTimeRange(b.startTime, b.endTime, locale)]);
  return result;
}

/** The logo with the provider's name: the invoicing entity's when given, else the region's trading name. */
function header(pdf: TaggedPdf, t: TimesheetBooking, provider: string): void {
  const { doc } = pdf;
  drawLogo(doc, LEFT, 52, 32);
  tagged(pdf, 'P', () => {
    doc
      .font(FONT.bold)
      .fontSize(12)
      .fillColor(COLOURS.text)
      .text(provider, LEFT + 42, 60, { width: 250 });
  });
  tagged(pdf, 'H1', () => {
    doc
      .font(FONT.bold)
      .fontSize(22)
      .fillColor(COLOURS.text)
      .text('Timesheet', LEFT + WIDTH - 200, 48, { width: 200, align: 'right' });
  });
  tagged(pdf, 'P', () => {
    doc
      .font(FONT.regular)
      .fontSize(10.5)
      .fillColor(COLOURS.muted)
      .text(`Booking ${t.bookingId}`, LEFT + WIDTH - 200, 78, { width: 200, align: 'right' });
  });
  rule(doc, LEFT, 112, WIDTH);
}

/**
 * `issuer`: the provider's invoicing entity of the school's region, when the caller has it (PROVIDER_ENTITIES); without
 * it the header names the region's trading name (contract: format/brand), as the portal's own header does.
 */
export function timesheetPdf(t: TimesheetBooking, locale: string, issuer: PartyAddress | null = null): Promise<Buffer> {
  const zone = zoneAbbreviation(t.locationTimeZone, t.startTimeUTC, locale);
  const provider = issuer?.name || brandFor(locale).companyName;
  const pdf = taggedPdf({
    title: `Timesheet ${t.bookingId}: ${t.candidateFullName}, ${formatDate(t.dateLocal, locale)}`,
    lang: locale,
    author: provider,
    subject: `Timesheet of booking ${t.bookingId} at ${t.clientName}`,
    createdAt: new Date(t.endTimeUTC),
    margin: LEFT,
  });
  header(pdf, t, provider);
  factsTable(pdf, rows(t, locale, zone), { x: LEFT, y: 132, labelWidth: 150, valueWidth: WIDTH - 150, fontSize: 10.5 });
  const { doc } = pdf;
  tagged(pdf, 'P', () => {
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLOURS.muted)
      .text(`Times are local to the school (${zone}). Hours are worked time: end minus start minus breaks.`, LEFT, doc.y + 16, {
        width: WIDTH,
      });
  });
  return pdf.end();
}
