import { formatMinorAmount, type InvoiceDetailsResponse, type InvoiceLine } from '@portal/contract/invoices';
import { formatDate } from '@portal/contract/format/locale-format';
import { INVOICE_DOCUMENT_TITLES, invoiceDocumentKind, showsTax } from '@portal/contract/invoices/document';
import { quantityText } from '@portal/contract/invoices/lines';
import { paymentDetailRows } from '@portal/contract/invoices/payment';
import { serviceDatesText } from '@portal/contract/invoices/service-dates';
import { taxRuleNote } from '@portal/contract/invoices/tax';
import {
  COLOURS,
  drawLogo,
  factsTable,
  FONT,
  rule,
  tagged,
  taggedPdf,
  taggedTable,
  type PdfCell,
  type TaggedPdf,
} from '../../lib/pdf-document';
import type { PartyAddress } from './provider-entities';

/**
 * An invoice as a PDF (lib/pdf-document: Noto Sans, tagged): the region's document title (invoices/document), the
 * provider's entity and the client's address with their countries named alike, number and dates in the client's
 * date format, one row per line with its dates and its quantity in words, subtotal, tax by the one rounding rule
 * (stated in the footer), total, how to pay with the reference to quote, and a PAID stamp once paid.
 */

export function invoiceFileName(invoice: Pick<InvoiceDetailsResponse, 'invoiceNo'>): string {
  return `invoice-${invoice.invoiceNo}.pdf`;
}

const LEFT = 48;
const WIDTH = 595.28 - 2 * LEFT;
const RIGHT = LEFT + WIDTH;

interface View {
  invoice: InvoiceDetailsResponse;
  title: string;
  withTax: boolean;
  money: (minor: number) => string;
  date: (iso: string) => string;
}

function viewOf(invoice: InvoiceDetailsResponse): View {
  return {
    invoice,
    title: INVOICE_DOCUMENT_TITLES[invoiceDocumentKind(invoice.locale)],
    withTax: showsTax(invoice.locale, invoice.taxRatePercent),
    money: (minor) => formatMinorAmount(minor, invoice.currency, invoice.locale),
    date: (iso) => formatDate(iso, invoice.locale),
  };
}

/** Starts a new page when fewer than `height` points are left on this one. */
function keepSpace(pdf: TaggedPdf, height: number): void {
  if (pdf.doc.y + height > pdf.doc.page.maxY()) pdf.doc.addPage();
}

function header(pdf: TaggedPdf, view: View, provider: PartyAddress): void {
  const { doc } = pdf;
  drawLogo(doc, LEFT, 48, 34);
  if (provider.name) {
    tagged(pdf, 'P', () => {
      doc
        .font(FONT.bold)
        .fontSize(12)
        .fillColor(COLOURS.text)
        .text(provider.name, LEFT + 44, 55, { width: 240 });
    });
  }
  tagged(pdf, 'H1', () => {
    doc
      .font(FONT.bold)
      .fontSize(22)
      .fillColor(COLOURS.text)
      .text(view.title, RIGHT - 220, 44, { width: 220, align: 'right' });
  });
  tagged(pdf, 'P', () => {
    doc
      .font(FONT.regular)
      .fontSize(11)
      .fillColor(COLOURS.muted)
      .text(view.invoice.invoiceNo, RIGHT - 220, 75, { width: 220, align: 'right' });
  });
}

function party(pdf: TaggedPdf, heading: string, who: PartyAddress, x: number, y: number): number {
  const { doc } = pdf;
  tagged(pdf, 'H2', () => {
    doc.font(FONT.bold).fontSize(9).fillColor(COLOURS.muted).text(heading, x, y, { width: 230 });
  });
  tagged(pdf, 'P', () => {
    doc
      .font(FONT.bold)
      .fontSize(10.5)
      .fillColor(COLOURS.text)
      .text(who.name || '—', x, y + 15, { width: 230 });
    doc
      .font(FONT.regular)
      .fontSize(9.5)
      .fillColor(COLOURS.text)
      .text(who.lines.join('\n'), x, doc.y + 1, { width: 230, lineGap: 1 });
  });
  return doc.y;
}

function parties(pdf: TaggedPdf, provider: PartyAddress, client: PartyAddress): void {
  const top = 112;
  rule(pdf.doc, LEFT, top - 12, WIDTH);
  const fromBottom = party(pdf, 'From', provider, LEFT, top);
  const toBottom = party(pdf, 'Bill to', client, LEFT + WIDTH / 2 + 10, top);
  pdf.doc.y = Math.max(fromBottom, toBottom) + 18;
}

/** Number, dates and currency as one band: a header row over a value row. */
function facts(pdf: TaggedPdf, view: View): void {
  const { invoice, date } = view;
  const cells: Array<[string, string]> = [
    ['Invoice number', invoice.invoiceNo],
    ['Issue date', date(invoice.issueDate)],
    ['Due date', date(invoice.dueDate)],
    ['Period', `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`],
    ['Currency', invoice.currency],
  ];
  taggedTable(pdf, {
    position: { x: LEFT, y: pdf.doc.y },
    maxWidth: WIDTH,
    columnStyles: [95, 85, 85, 154, 80].map((width) => ({ width })),
    defaultStyle: { border: 0, padding: [5, 8, 5, 8], backgroundColor: COLOURS.band },
    data: [
      cells.map(([label]): PdfCell => ({
        text: label,
        type: 'TH',
        scope: 'Column',
        font: { src: FONT.bold, size: 8.5 },
        textColor: COLOURS.muted,
        padding: [7, 8, 1, 8],
      })),
      cells.map(([, value]): PdfCell => ({
        text: value,
        font: { src: FONT.regular, size: 10 },
        textColor: COLOURS.text,
        padding: [1, 8, 7, 8],
      })),
    ],
  });
  pdf.doc.y += 20;
}

const UNIT_NAMES: Record<InvoiceLine['unit'], string> = { day: 'day', half_day: 'half day', hour: 'hour' };

const LINE_COLUMNS = [100, 155, 64, 95, 85];
const LINE_PADDING: [number, number, number, number] = [4, 6, 4, 6];

function lineCells(view: View, line: InvoiceLine): string[] {
  const dates = serviceDatesText(line.serviceDates, view.invoice.locale);
  return [
    line.candidateName ?? '—',
    dates ? `${line.description}\n${dates}` : line.description,
    quantityText(line.quantity, line.unit, view.invoice.locale),
    `${view.money(line.unitPriceMinor)} / ${UNIT_NAMES[line.unit]}`,
    view.money(line.amountMinor),
  ];
}

/** The height a row of these cells takes, to break pages between rows (never inside one). */
function rowHeight(doc: PDFKit.PDFDocument, cells: readonly string[]): number {
  doc.font(FONT.regular).fontSize(9);
  const text = Math.max(
    ...cells.map((cell, i) => doc.heightOfString(cell, { width: LINE_COLUMNS[i]! - LINE_PADDING[1] - LINE_PADDING[3] })),
  );
  return text + LINE_PADDING[0] + LINE_PADDING[2];
}

function headerRow(view: View): PdfCell[] {
  const titles: Array<[string, 'left' | 'right']> = [
    ['Educator', 'left'],
    ['Description and dates', 'left'],
    ['Quantity', 'right'],
    ['Rate', 'right'],
    [`Amount${view.withTax ? ` excl. ${view.invoice.taxLabel}` : ''}`, 'right'],
  ];
  return titles.map(([text, align]) => ({
    text,
    type: 'TH',
    scope: 'Column',
    align: { x: align, y: 'bottom' },
    font: { src: FONT.bold, size: 8.5 },
    textColor: COLOURS.muted,
    backgroundColor: COLOURS.band,
  }));
}

function bodyRow(cells: readonly string[]): PdfCell[] {
  return cells.map((text, i) => ({
    text,
    align: { x: i < 2 ? 'left' : 'right', y: 'top' },
    font: { src: FONT.regular, size: 9 },
    textColor: COLOURS.text,
  }));
}

/** One page's part of the lines, as a table with its own header row. */
function linesPart(pdf: TaggedPdf, view: View, rows: readonly string[][]): void {
  taggedTable(pdf, {
    position: { x: LEFT, y: pdf.doc.y },
    maxWidth: WIDTH,
    columnStyles: LINE_COLUMNS.map((width) => ({ width })),
    defaultStyle: { border: [0, 0, 0.6, 0], borderColor: COLOURS.rule, padding: LINE_PADDING },
    data: [headerRow(view), ...rows.map(bodyRow)],
  });
}

/** The lines, a table per page: a row never splits and every page's part starts with the column headings. */
function linesTable(pdf: TaggedPdf, view: View): void {
  const { doc } = pdf;
  tagged(pdf, 'H2', () => {
    doc.font(FONT.bold).fontSize(11).fillColor(COLOURS.text).text('Services', LEFT, doc.y, { width: WIDTH });
  });
  doc.y += 4;
  const headerHeight = 30;
  let part: string[][] = [];
  let bottom = doc.y + headerHeight;
  for (const line of view.invoice.lines) {
    const cells = lineCells(view, line);
    const height = rowHeight(doc, cells);
    if (part.length > 0 && bottom + height > doc.page.maxY()) {
      linesPart(pdf, view, part);
      doc.addPage();
      part = [];
      bottom = doc.y + headerHeight;
    }
    part.push(cells);
    bottom += height;
  }
  linesPart(pdf, view, part);
  doc.y += 12;
}

function totals(pdf: TaggedPdf, view: View): void {
  const { invoice, money } = view;
  keepSpace(pdf, 90);
  const rows: Array<[string, string, boolean]> = [
    ...(view.withTax
      ? ([
          ['Subtotal', money(invoice.subtotalMinor), false],
          [`${invoice.taxLabel} (${invoice.taxRatePercent}%)`, money(invoice.taxMinor), false],
        ] as Array<[string, string, boolean]>)
      : []),
    [`Total ${invoice.currency}`, money(invoice.totalMinor), true],
  ];
  const top = pdf.doc.y;
  taggedTable(pdf, {
    position: { x: RIGHT - 250, y: top },
    maxWidth: 250,
    columnStyles: [{ width: 150 }, { width: 100 }],
    defaultStyle: { border: 0, padding: [3, 0, 3, 6] },
    data: rows.map(([label, value, strong]): PdfCell[] => {
      const style: PdfCell = {
        font: { src: strong ? FONT.bold : FONT.regular, size: strong ? 12 : 10 },
        textColor: COLOURS.text,
        align: { x: 'right', y: 'center' },
        ...(strong ? { border: [0.8, 0, 0, 0], borderColor: COLOURS.text, padding: [6, 0, 3, 6] } : {}),
      };
      return [
        { ...style, text: label, type: 'TH', scope: 'Row' },
        { ...style, text: value },
      ];
    }),
  });
  if (invoice.isPaid) {
    paidStamp(pdf, view, top);
    pdf.doc.y = Math.max(pdf.doc.y, top + 68);
  }
  pdf.doc.y += 10;
}

function paidStamp(pdf: TaggedPdf, view: View, y: number): void {
  const { doc } = pdf;
  const paidAt = view.invoice.paidAt;
  tagged(pdf, 'P', () => {
    doc.save().rotate(-12, { origin: [LEFT + 95, y + 30] });
    doc
      .lineWidth(2.5)
      .strokeColor(COLOURS.stamp)
      .roundedRect(LEFT + 20, y + 6, 150, 48, 6)
      .stroke();
    doc
      .font(FONT.bold)
      .fontSize(24)
      .fillColor(COLOURS.stamp)
      .text('PAID', LEFT + 20, y + 10, { width: 150, align: 'center' });
    if (paidAt)
      doc
        .font(FONT.regular)
        .fontSize(8.5)
        .text(view.date(paidAt.slice(0, 10)), LEFT + 20, y + 39, { width: 150, align: 'center' });
    doc.restore();
  });
}

function settlement(pdf: TaggedPdf, view: View): void {
  const { invoice, money, date } = view;
  const { doc } = pdf;
  keepSpace(pdf, 40);
  tagged(pdf, 'P', () => {
    const text =
      invoice.isPaid && invoice.paidAt
        ? `Paid on ${date(invoice.paidAt.slice(0, 10))}. Thank you.`
        : `Please pay ${money(invoice.totalMinor)} by ${date(invoice.dueDate)}, quoting reference ${invoice.invoiceNo}.`;
    doc.font(FONT.bold).fontSize(10).fillColor(COLOURS.text).text(text, LEFT, doc.y, { width: WIDTH });
  });
  doc.y += 10;
}

function howToPay(pdf: TaggedPdf, view: View): void {
  const details = view.invoice.paymentDetails;
  if (!details) return;
  const { doc } = pdf;
  const rows: Array<[string, string]> = [
    ['Account name', details.accountName],
    ['Bank', details.bank],
    ...paymentDetailRows(details).map((r): [string, string] => [r.label, r.value]),
    ['Reference', view.invoice.invoiceNo],
  ];
  keepSpace(pdf, 30 + rows.length * 15);
  tagged(pdf, 'H2', () => {
    doc.font(FONT.bold).fontSize(11).fillColor(COLOURS.text).text('How to pay', LEFT, doc.y, { width: WIDTH });
  });
  doc.y += 3;
  factsTable(pdf, rows, { x: LEFT, y: doc.y, labelWidth: 130, valueWidth: 250, fontSize: 9.5 });
  tagged(pdf, 'P', () => {
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(`By bank transfer, quote reference ${view.invoice.invoiceNo} so we can match your payment.`, LEFT, doc.y + 4, {
        width: WIDTH,
      });
  });
}

function footer(pdf: TaggedPdf, view: View): void {
  const { invoice } = view;
  const { doc } = pdf;
  const notes = [
    ...(view.withTax ? [taxRuleNote(invoice.taxLabel, invoice.taxRatePercent)] : []),
    `Amounts in ${invoice.currency}. Please quote ${invoice.invoiceNo} on any payment or enquiry.`,
  ];
  const height = doc.font(FONT.regular).fontSize(8).heightOfString(notes.join('\n'), { width: WIDTH, lineGap: 1 }) + 10;
  const y = doc.page.maxY() - height;
  if (doc.y > y) doc.addPage();
  rule(doc, LEFT, y - 6, WIDTH);
  tagged(pdf, 'P', () => {
    doc.font(FONT.regular).fontSize(8).fillColor(COLOURS.muted).text(notes.join('\n'), LEFT, y, { width: WIDTH, lineGap: 1 });
  });
}

export function invoicePdf(invoice: InvoiceDetailsResponse, provider: PartyAddress, client: PartyAddress): Promise<Buffer> {
  const v = viewOf(invoice);
  const pdf = taggedPdf({
    title: `${v.title} ${invoice.invoiceNo}`,
    lang: invoice.locale,
    author: provider.name || undefined,
    subject: `${v.title} ${invoice.invoiceNo} to ${invoice.clientName}`,
    createdAt: new Date(`${invoice.issueDate}T00:00:00Z`),
    running: `${v.title} ${invoice.invoiceNo}`,
  });
  header(pdf, v, provider);
  parties(pdf, provider, client);
  facts(pdf, v);
  linesTable(pdf, v);
  totals(pdf, v);
  settlement(pdf, v);
  howToPay(pdf, v);
  footer(pdf, v);
  return pdf.end();
}
