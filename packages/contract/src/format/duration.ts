/**
 * Hours as the portal writes them everywhere (lists, cards, PDFs, e-mails): 450 → '7 h 30 min', 420 → '7 h',
 * 45 → '45 min', with the locale's digits. One function, so a timesheet's PDF says what its row says.
 */
const counts = new Map<string, Intl.NumberFormat>();

function count(value: number, locale: string): string {
  const intlLocale = locale === 'en' ? 'en-US' : locale;
  let format = counts.get(intlLocale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale);
    counts.set(intlLocale, format);
  }
  return format.format(value);
}

export function formatDuration(minutes: number, locale: string): string {
  const safe = Math.max(0, Math.round(minutes));
  const hours = Math.floor(safe / 60);
  const rest = safe % 60;
  if (hours === 0) return `${count(rest, locale)} min`;
  if (rest === 0) return `${count(hours, locale)} h`;
  return `${count(hours, locale)} h ${count(rest, locale)} min`;
}
