import { ApiError, failureMessage } from '../../lib/api-error';
import { localeFormat, numberFormat } from '../../lib/locale-format';

/** Money in a report's currency, as the reader's locale writes it: 'A$1,234.50' reads '$1,234.50' in en-AU. */
export function moneyFormat(locale: string, currency: string): (value: number) => string {
  const format = numberFormat(localeFormat(locale).intlLocale, { style: 'currency', currency });
  return (value) => format.format(value);
}

/** Money on a chart's axis: whole units, compact ('$12K'). */
export function moneyAxisFormat(locale: string, currency: string): (value: number) => string {
  const format = numberFormat(localeFormat(locale).intlLocale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (value) => format.format(value);
}

/** A count or a quantity with up to two decimals (days, hours), grouped as the locale groups digits. */
export function quantityFormat(locale: string): (value: number) => string {
  const format = numberFormat(localeFormat(locale).intlLocale, { maximumFractionDigits: 2 });
  return (value) => format.format(value);
}

/** A fill rate (whole percent) as the locale writes a percentage; '—' where there were no bookings. */
export function percentFormat(locale: string): (value: number | null) => string {
  const format = numberFormat(localeFormat(locale).intlLocale, { style: 'percent', maximumFractionDigits: 0 });
  return (value) => (value === null ? '—' : format.format(value / 100));
}

/** What a failed report says: its own text for a refusal (403), else the server's message or the generic one. */
export function reportFailure(error: unknown, texts: { forbidden: string; failed: string }): { message: string; retry: boolean } {
  if (error instanceof ApiError && error.status === 403) return { message: texts.forbidden, retry: false };
  return { message: failureMessage(error, texts.failed), retry: !(error instanceof ApiError && error.status === 400) };
}
