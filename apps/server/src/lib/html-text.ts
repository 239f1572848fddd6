/**
 * Text for HTML content or a quoted attribute: `&`, `<`, `>`, `"` and `'` as numeric character references. For the
 * few pages the server writes itself (the first page, the demo issuers' forms, the demo outbox).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
