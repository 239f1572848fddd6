import PDFDocument from 'pdfkit';
import { formatMinorAmount, type InvoiceDetailsResponse } from '@portal/contract/invoices';
import type { ProviderContact } from '@portal/contract/runtime-config';
import type { ProviderEntities } from '../../config';
import { localeDate } from '../timesheets/timesheet-pdf';

/**
 * An invoice as a PDF (pdfkit, built-in Helvetica): the provider's office and the client's address, number,
 * dates and period in the client's date format, one row per line, subtotal, the client's tax label with its rate
 * and amount, total in the currency as the client's locale writes it, and a PAID stamp once paid.
 */

export interface PartyAddress {
  name: string;
  lines: string[];
}

/**
 * The issuer block: the region's entity (or the `en` one) with the region's office contact. Without a configured
 * entity (PROVIDER_ENTITIES outside demo mode) only the contact is printed, never another region's or invented one.
 */
export function providerEntity(entities: ProviderEntities, locale: string, contact: ProviderContact | null): PartyAddress {
  const entity = entities[locale as keyof ProviderEntities] ?? entities.en ?? { name: '', lines: [] };
  return contact ? { name: entity.name, lines: [...entity.lines, `${contact.phone} · ${contact.email}`] } : entity;
}

export function invoiceFileName(invoice: Pick<InvoiceDetailsResponse, 'invoiceNo'>): string {
  return `invoice-${invoice.invoiceNo}.pdf`;
}

const quantityText = (q: number, unit: string) => `${Number.isInteger(q) ? q : q.toFixed(2)} ${unit}${q === 1 ? '' : 's'}`;

export function invoicePdf(invoice: InvoiceDetailsResponse, provider: PartyAddress, client: PartyAddress): Promise<Buffer> {
  const locale = invoice.locale;
  const money = (minor: number) => formatMinorAmount(minor, invoice.currency, locale);
  const date = (iso: string) => localeDate(iso, locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    // pdfkit needs a value for every key it is given: no Author without an issuer name.
    info: {
      Title: `Invoice ${invoice.invoiceNo}`,
      ...(provider.name ? { Author: provider.name } : {}),
      CreationDate: new Date(`${invoice.issueDate}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 48;
  const width = doc.page.width - 96;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#000000').text('Tax invoice', left, 48);
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(`Invoice ${invoice.invoiceNo}`, left, 78);

  // From / to.
  const top = 110;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text('From', left, top);
  doc.font('Helvetica').text([provider.name, ...provider.lines].filter(Boolean).join('\n'), left, top + 14, { width: 240 });
  const fromBottom = doc.y;
  doc.font('Helvetica-Bold').text('Bill to', left + 270, top);
  doc.font('Helvetica').text([client.name, ...client.lines].join('\n'), left + 270, top + 14, { width: 230 });
  doc.y = Math.max(fromBottom, doc.y) + 16;

  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNo],
    ['Issue date', date(invoice.issueDate)],
    ['Due date', date(invoice.dueDate)],
    ['Period', `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`],
    ['Currency', invoice.currency],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 120 });
    doc.font('Helvetica').text(value, left + 130, y, { width: 300 });
    doc.y = Math.max(doc.y, y + 13);
  }
  doc.moveDown(1);

  // Lines.
  const cols = [
    { title: 'Educator', x: left, w: 110, align: 'left' as const },
    { title: 'Description', x: left + 112, w: 150, align: 'left' as const },
    { title: 'Quantity', x: left + 264, w: 60, align: 'right' as const },
    { title: 'Unit price', x: left + 326, w: 62, align: 'right' as const },
    { title: invoice.taxLabel, x: left + 390, w: 55, align: 'right' as const },
    { title: 'Amount', x: left + 447, w: width - 447, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    const y = doc.y;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      doc.text(cell, col.x, y, { width: col.w, align: col.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .strokeColor('#999999')
    .stroke();
  for (const line of invoice.lines) {
    row([
      line.candidateName ?? '—',
      line.description,
      quantityText(line.quantity, line.unit),
      money(line.unitPriceMinor),
      money(line.taxMinor),
      money(line.amountMinor),
    ]);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.6);

  // Totals.
  const totals: [string, string, boolean][] = [
    ['Subtotal', money(invoice.subtotalMinor), false],
    [`${invoice.taxLabel} (${invoice.taxRatePercent}%)`, money(invoice.taxMinor), false],
    [`Total ${invoice.currency}`, money(invoice.totalMinor), true],
  ];
  for (const [label, value, bold] of totals) {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(label, left + 260, y, { width: 150, align: 'right' });
    doc.text(value, left + 415, y, { width: width - 415, align: 'right' });
    doc.y = Math.max(doc.y, y + 14) + 2;
  }

  doc.moveDown(1.5).font('Helvetica').fontSize(9).fillColor('#333333');
  if (invoice.isPaid && invoice.paidAt) {
    doc.text(`Paid on ${date(invoice.paidAt.slice(0, 10))}. Thank you.`, left);
  } else {
    doc.text(`Please pay ${money(invoice.totalMinor)} by ${date(invoice.dueDate)}, quoting ${invoice.invoiceNo}.`, left);
  }

  if (invoice.isPaid) {
    // The stamp: a rotated red box across the header.
    doc.save();
    doc.rotate(-15, { origin: [left + 400, 80] });
    doc
      .lineWidth(3)
      .strokeColor('#c62828')
      .rect(left + 340, 55, 140, 50)
      .stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(30)
      .fillColor('#c62828')
      .text('PAID', left + 340, 66, { width: 140, align: 'center' });
    doc.restore();
  }
  doc.end();
  return done;
}
