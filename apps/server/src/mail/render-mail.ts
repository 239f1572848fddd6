import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';
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

interface TextElement {
  attribs: Record<string, string | undefined>;
  children: unknown[];
}
interface TextBuilder {
  openBlock(options: { leadingLineBreaks?: number }): void;
  closeBlock(options: { trailingLineBreaks?: number }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
}
type Walk = (children: unknown[], builder: TextBuilder) => void;

const formatters = {
  textButton(elem: TextElement, _walk: Walk, builder: TextBuilder) {
    builder.openBlock({ leadingLineBreaks: 1 });
    builder.addInline(`${elem.attribs['data-label'] ?? ''}: `);
    builder.addInline(elem.attribs.href ?? '', { noWordTransform: true });
    builder.closeBlock({ trailingLineBreaks: 1 });
  },
  factRow(elem: TextElement, walk: Walk, builder: TextBuilder) {
    builder.openBlock({ leadingLineBreaks: 1 });
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  },
  inlineLabel(elem: TextElement, walk: Walk, builder: TextBuilder) {
    walk(elem.children, builder);
    builder.addInline(': ');
  },
};

const textOptions = {
  formatters,
  selectors: [
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 2 } },
    { selector: 'a[data-text-button]', format: 'textButton' },
    { selector: 'tr[data-fact]', format: 'factRow' },
    { selector: 'td[data-fact-label]', format: 'inlineLabel' },
    { selector: 'span[data-inline-label]', format: 'inlineLabel' },
    { selector: 'td[data-fact-value]', format: 'inline' },
    // The days of a block inside a fact: one a line, indented under the label.
    { selector: 'div[data-line]', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  ],
};

export async function renderMail(to: string, subject: string, element: ReactElement): Promise<MailMessage> {
  // React marks where one text node ends and the next begins ('Hello <!-- -->Ann'); a mail is never hydrated.
  const html = (await render(element)).replaceAll('<!-- -->', '');
  return { to, subject, text: `${toPlainText(html, textOptions).trim()}\n`, html };
}
