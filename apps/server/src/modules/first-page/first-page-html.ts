import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIRST_PAGE_SERVER_TEXTS,
  HOME_SLOTS,
  INVOICE_SLOTS,
  slotTag,
  type FirstPageServerText,
  type FirstPageSlot,
} from '@portal/contract/first-page';
import { formatDateList, formatDayLong, formatTimeRange } from '@portal/contract/format/locale-format';
import { invoiceDocumentKind, type InvoiceDocumentKind } from '@portal/contract/invoices/document';
import { escapeHtml } from '../../lib/html-text';
import type { HomeFirstPage, InvoiceFirstPage } from './first-page.service';

/**
 * The built index.html with the places the server fills for a first page (apps/web/index.html: the
 * `portal-first-page` meta tag, and the spans of Home's and an invoice's frames), and the texts it fills them with
 * (the build's first-page-texts.json, from the web app's locale files).
 */
export interface FirstPageTemplate {
  html: string;
  texts: FirstPageTexts;
}

/** i18next templates (`{{name}}`) of the web app's locale files that the first screens show with data in them. */
export type FirstPageTexts = Record<FirstPageServerText, string>;

const META = /<meta name="portal-first-page" content="[^"]*"\s*\/?>/;
const SLOTS: readonly FirstPageSlot[] = [...HOME_SLOTS, ...INVOICE_SLOTS];

/** Reads the build's template, or undefined (and why) when the build has none or it lacks a place to fill. */
export function readFirstPageTemplate(distDir: string): FirstPageTemplate | { missing: string } {
  const indexFile = join(distDir, 'index.html');
  const textsFile = join(distDir, 'first-page-texts.json');
  if (!existsSync(indexFile) || !existsSync(textsFile)) return { missing: 'index.html or first-page-texts.json' };
  const html = readFileSync(indexFile, 'utf8');
  const texts = JSON.parse(readFileSync(textsFile, 'utf8')) as Partial<Record<keyof FirstPageTexts, unknown>>;
  const absentText = FIRST_PAGE_SERVER_TEXTS.find((key) => typeof texts[key] !== 'string');
  if (absentText) return { missing: `the text ${absentText}` };
  if (html.match(new RegExp(META.source, 'g'))?.length !== 1) return { missing: 'the portal-first-page meta tag' };
  const absentSlot = SLOTS.find((slot) => html.split(slotTag(slot)).length !== 2);
  if (absentSlot) return { missing: `the ${absentSlot} place` };
  return { html, texts: texts as FirstPageTexts };
}

/** i18next's interpolation of plain values (`{{name}}`); an unknown name stays as written, as i18next leaves it. */
function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The quick-book button's words for the day it offers (the card's own: features/dashboard/components/quick-book.tsx). */
function offerLabel(texts: FirstPageTexts, page: HomeFirstPage): string {
  const offer = page.book?.offer;
  if (!offer) return texts.nextSchoolDay;
  return offer.label === 'on' ? interpolate(texts.on, { day: formatDayLong(offer.day, page.locale) }) : texts[offer.label];
}

/** The built page with the meta tag naming what was drawn, and each slot filled with its (escaped) text. */
function fill(
  template: FirstPageTemplate,
  meta: { parts: string[]; data: Record<string, string> },
  filled: Partial<Record<FirstPageSlot, string>>,
) {
  const attributes = Object.entries(meta.data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  let html = template.html.replace(
    META,
    () => `<meta name="portal-first-page" content="${escapeHtml(meta.parts.join(' '))}"${attributes}>`,
  );
  for (const [slot, text] of Object.entries(filled) as [FirstPageSlot, string][]) {
    html = html.replace(slotTag(slot), () => `<span data-first-page="${slot}">${escapeHtml(text)}</span>`);
  }
  return html;
}

/** index.html with Home's first screen drawn for `page`: its parts named in the meta tag, its texts in their places. */
export function drawHome(template: FirstPageTemplate, page: HomeFirstPage): string {
  const { texts } = template;
  return fill(
    template,
    { parts: ['home', ...page.parts], data: { clients: page.clientIds.join(',') } },
    {
      greeting: interpolate(texts.greeting, { firstName: page.firstName }),
      'book-text': page.book
        ? interpolate(texts.usualTimes, {
            school: page.book.location.locationName,
            times: formatTimeRange(page.book.location.startTime, page.book.location.endTime, page.locale),
          })
        : '',
      'book-label': page.book ? offerLabel(texts, page) : '',
    },
  );
}

/** i18next's choice between a text's `_one` and `_other` forms, by the locale's plural rules. */
function plural(texts: FirstPageTexts, key: 'overdueBanner' | 'overdueDays', count: number, locale: string): string {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
  return interpolate(texts[`${key}_${form}`], { count: String(count) });
}

const DOCUMENT_TEXT: Record<InvoiceDocumentKind, 'taxInvoice' | 'vatInvoice' | 'plainInvoice'> = {
  tax_invoice: 'taxInvoice',
  vat_invoice: 'vatInvoice',
  invoice: 'plainInvoice',
};

/**
 * index.html with an invoice's first screen drawn (features/finance/invoice-page.tsx draws the same): its document
 * title, the banner, and the details card. The meta tag names the invoice and the banner's and status's kinds. A paid
 * invoice's banner says when it was paid, a moment the app shows in the browser's time zone, which the server does not
 * know: the frame shows that line as loading, and the app draws it.
 */
export function drawInvoice(template: FirstPageTemplate, page: InvoiceFirstPage): string {
  const { texts } = template;
  const { invoice, locale } = page;
  const date = (day: string) => formatDateList(day, locale);
  const banner = invoice.isPaid ? 'paid' : invoice.isOverdue ? 'overdue' : 'unpaid';
  const status =
    invoice.status === 'overdue' && invoice.daysOverdue > 0
      ? plural(texts, 'overdueDays', invoice.daysOverdue, locale)
      : texts[invoice.status === 'paid' ? 'statusPaid' : invoice.status === 'overdue' ? 'statusOverdue' : 'statusUnpaid'];
  return fill(
    template,
    { parts: ['invoice', `banner-${banner}`, `status-${invoice.status}`], data: { invoice: invoice.invoiceNo } },
    {
      'invoice-number': interpolate(texts[DOCUMENT_TEXT[invoiceDocumentKind(invoice.locale)]], { invoiceNo: invoice.invoiceNo }),
      'invoice-banner':
        banner === 'paid'
          ? ''
          : banner === 'overdue'
            ? plural(texts, 'overdueBanner', invoice.daysOverdue, locale)
            : interpolate(texts.unpaidBanner, { date: date(invoice.dueDate) }),
      'invoice-billed-to': invoice.clientName,
      'invoice-issued': date(invoice.issueDate),
      'invoice-due': date(invoice.dueDate),
      'invoice-period': interpolate(texts.periodRange, { from: date(invoice.periodStart), to: date(invoice.periodEnd) }),
      'invoice-currency': invoice.currency,
      'invoice-status': status,
    },
  );
}
