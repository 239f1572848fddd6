import type { ReactElement } from 'react';
import { plainTextSelectors, render } from '@react-email/render';
import { compile, type FormatCallback, type SelectorDefinition } from 'html-to-text';
import type { MailMessage } from '../lib/mailer';

/**
 * A template's two parts: the HTML React renders (and escapes: a name is text, never markup) and the plain text
 * derived from that same HTML, so both say the same thing. The text part writes buttons as "Label: address" and
 * facts as "Label: value", one a line (mail-parts.tsx marks them), and keeps headings as written.
 */

/** Who a mail goes to and how it is written: every template's props start with these. */
export interface MailReader {
  to: string;
  /** The reader's locale: dates, times, the region's product and company names. */
  locale: string;
  /** The portal's public origin, which the mail's links point to. */
  origin: string;
}

const formatters: Record<string, FormatCallback> = {
  textButton(elem, _walk, builder) {
    const attribs = (elem.attribs ?? {}) as Record<string, string | undefined>;
    builder.openBlock({ leadingLineBreaks: 1 });
    builder.addInline(`${attribs['data-label'] ?? ''}: `);
    builder.addInline(attribs.href ?? '', { noWordTransform: true });
    builder.closeBlock({ trailingLineBreaks: 1 });
  },
  factRow(elem, walk, builder) {
    builder.openBlock({ leadingLineBreaks: 1 });
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  },
  inlineLabel(elem, walk, builder) {
    walk(elem.children, builder);
    builder.addInline(': ');
  },
};

const ourSelectors: SelectorDefinition[] = [
  { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 2 } },
  { selector: 'a[data-text-button]', format: 'textButton' },
  { selector: 'tr[data-fact]', format: 'factRow' },
  { selector: 'td[data-fact-label]', format: 'inlineLabel' },
  { selector: 'span[data-inline-label]', format: 'inlineLabel' },
  { selector: 'td[data-fact-value]', format: 'inline' },
  // The days of a block inside a fact: one a line, indented under the label.
  { selector: 'div[data-line]', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
];

/**
 * The text part's converter, compiled once: React Email's `toPlainText` options (no word wrap, its selectors before
 * ours) as `toPlainText` itself passes them to html-to-text, whose `convert` compiles the selectors again for every
 * call. Compiling took almost all of a mail's rendering: about 7 % of the servers' CPU under the soak's writes.
 */
const toPlainText = compile({ wordwrap: false, formatters, selectors: [...plainTextSelectors, ...ourSelectors] });

/** A mail's text part, from its HTML. */
export const mailText = (html: string): string => `${toPlainText(html).trim()}\n`;

export async function renderMail(to: string, subject: string, element: ReactElement): Promise<MailMessage> {
  // React marks where one text node ends and the next begins ('Hello <!-- -->Ann'); a mail is never hydrated.
  const html = (await render(element)).replaceAll('<!-- -->', '');
  return { to, subject, text: mailText(html), html };
}
