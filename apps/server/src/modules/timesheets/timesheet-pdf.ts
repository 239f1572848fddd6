import PDFDocument from 'pdfkit';
import { DateTime } from 'luxon';
import type { TimesheetBooking } from '@portal/contract/timesheets';

/**
 * The timesheet of one booking as a PDF (pdfkit, its built-in Helvetica): school, location, educator, date,
 * times, breaks, total hours, status, who decided and when, dates in the school's locale (spec §1: D/MM/YYYY,
 * MM/DD/YYYY in the US and Canada).
 */

const MONTH_FIRST = new Set(['en-US', 'en-CA']);

export function localeDate(dateIso: string, locale: string): string {
  return DateTime.fromISO(dateIso, { setZone: true }).toFormat(MONTH_FIRST.has(locale) ? 'MM/dd/yyyy' : 'd/MM/yyyy');
}

const STATUS_TEXT: Record<TimesheetBooking['status'], string> = {
  pending_approval: 'Pending approval',
  pending_review: 'Pending review',
  approved_for_invoice: 'Approved for invoice',
  invoiced: 'Invoiced',
};

const DECISION_TEXT = { approved: 'Approved', modified: 'Modified', did_not_happen: 'Did not happen' } as const;

/** '7.5' for 450 minutes. */
export function hoursOf(minutes: number): string {
  return (Math.round((minutes / 60) * 100) / 100).toString();
}

const time = (local: string) => local.slice(11, 16);

export function timesheetFileName(t: TimesheetBooking): string {
  return `timesheet-${t.bookingId}-${t.dateLocal}.pdf`;
}

export function timesheetPdf(t: TimesheetBooking, locale: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Timesheet ${t.bookingId}`, Author: 'Client Portal', CreationDate: new Date(t.endTimeUTC) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Timesheet');
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`Booking ${t.bookingId}`).moveDown(1);

  const rows: [string, string][] = [
    ['School', t.clientName],
    ['Location', t.locationName],
    ['Educator', t.candidateFullName],
    ['Date', localeDate(t.dateLocal, locale)],
    ['Start', `${time(t.startTimeLocal)} (${t.locationTimeZone})`],
    ['End', time(t.endTimeLocal)],
    ['Break', `${t.breakMinutes} minutes`],
    ['Total hours', hoursOf(t.workedMinutes)],
    ['Unit', t.unitType ?? '—'],
    ['Status', STATUS_TEXT[t.status]],
    ['Decision', t.decision ? DECISION_TEXT[t.decision] : 'Not decided yet'],
    ['Decided by', t.decidedByName ?? '—'],
    [
      'Decided on',
      t.decidedAt
        ? `${localeDate(DateTime.fromISO(t.decidedAt).setZone(t.locationTimeZone).toISODate()!, locale)} ${DateTime.fromISO(t.decidedAt).setZone(t.locationTimeZone).toFormat('HH:mm')}`
        : '—',
    ],
  ];
  if (t.invoiceNo) rows.push(['Invoice', t.invoiceNo]);
  const m = t.candidateBookingModifications;
  if (m) {
    rows.push([
      'Educator reported',
      m.didNotHappen
        ? `Did not happen${m.reason ? `: ${m.reason}` : ''}`
        : `${time(m.startTimeLocal ?? '')}–${time(m.endTimeLocal ?? '')}, break ${m.breakMinutes ?? 0} minutes`,
    ]);
  }
  const c = t.clientModification;
  if (c) {
    rows.push([
      'School submitted',
      c.didNotHappen
        ? `Did not happen${c.reason ? `: ${c.reason}` : ''}`
        : `${time(c.startTimeLocal ?? '')}–${time(c.endTimeLocal ?? '')}, break ${c.breakMinutes ?? 0} minutes`,
    ]);
  }

  doc.fillColor('#000000').fontSize(11);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 140 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(value, 200, y, { width: 340 });
    doc.y = Math.max(doc.y, labelBottom) + 4;
  }

  if (t.breaks.length > 0) {
    doc.moveDown(1).font('Helvetica-Bold').text('Breaks', 56);
    doc.font('Helvetica');
    for (const b of t.breaks) doc.text(`${b.type}: ${b.startTime}–${b.endTime}`, 56);
  }
  doc.end();
  return done;
}
