/**
 * What the server and the web app's build agree on for the first screens the server draws into index.html
 * (docs/decisions/035; apps/server modules/first-page, apps/web index.html and vite.config.ts).
 */

/**
 * The texts with data in them, by the build's names (apps/web/vite.config.ts, FIRST_PAGE_KEYS, maps each to its
 * locale key): the build writes them to first-page-texts.json and the server fills them in. A plural text has its
 * `_one` and `_other` forms.
 */
export const FIRST_PAGE_SERVER_TEXTS = [
  'greeting',
  'usualTimes',
  'today',
  'tomorrow',
  'on',
  'nextSchoolDay',
  'taxInvoice',
  'vatInvoice',
  'plainInvoice',
  'unpaidBanner',
  'overdueBanner_one',
  'overdueBanner_other',
  'periodRange',
  'statusPaid',
  'statusUnpaid',
  'statusOverdue',
  'overdueDays_one',
  'overdueDays_other',
] as const;
export type FirstPageServerText = (typeof FIRST_PAGE_SERVER_TEXTS)[number];

/** The places in index.html the server fills, each once, as `<span data-first-page="NAME"></span>`. */
export const HOME_SLOTS = ['greeting', 'book-text', 'book-label'] as const;
export const INVOICE_SLOTS = [
  'invoice-number',
  'invoice-banner',
  'invoice-billed-to',
  'invoice-issued',
  'invoice-due',
  'invoice-period',
  'invoice-currency',
  'invoice-status',
] as const;
export type FirstPageSlot = (typeof HOME_SLOTS)[number] | (typeof INVOICE_SLOTS)[number];

/** A place as index.html holds it before the server fills it. */
export const slotTag = (slot: FirstPageSlot) => `<span data-first-page="${slot}"></span>`;
