import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDayLong, formatTimeRange } from '@portal/contract/format/locale-format';
import { escapeHtml } from '../../lib/html-text';
import type { HomeFirstPage } from './first-page.service';

/**
 * The built index.html with the places the server fills for a first page (apps/web/index.html: the
 * `portal-first-page` meta tag, and the Home frame's spans), and the texts it fills them with (the build's
 * first-page-texts.json, from the web app's locale files).
 */
export interface FirstPageTemplate {
  html: string;
  texts: FirstPageTexts;
}

/** i18next templates (`{{name}}`) of the web app's `pages` namespace that Home's first screen shows. */
export interface FirstPageTexts {
  greeting: string;
  usualTimes: string;
  today: string;
  tomorrow: string;
  on: string;
  nextSchoolDay: string;
}

const META = /<meta name="portal-first-page" content="[^"]*"\s*\/?>/;
const SLOTS = ['greeting', 'book-text', 'book-label'] as const;
type Slot = (typeof SLOTS)[number];
const slotTag = (slot: Slot) => `<span data-first-page="${slot}"></span>`;

/** Reads the build's template, or undefined (and why) when the build has none or it lacks a place to fill. */
export function readFirstPageTemplate(distDir: string): FirstPageTemplate | { missing: string } {
  const indexFile = join(distDir, 'index.html');
  const textsFile = join(distDir, 'first-page-texts.json');
  if (!existsSync(indexFile) || !existsSync(textsFile)) return { missing: 'index.html or first-page-texts.json' };
  const html = readFileSync(indexFile, 'utf8');
  const texts = JSON.parse(readFileSync(textsFile, 'utf8')) as Partial<Record<keyof FirstPageTexts, unknown>>;
  const keys: (keyof FirstPageTexts)[] = ['greeting', 'usualTimes', 'today', 'tomorrow', 'on', 'nextSchoolDay'];
  const absentText = keys.find((key) => typeof texts[key] !== 'string');
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

/** index.html with Home's first screen drawn for `page`: its parts named in the meta tag, its texts in their places. */
export function drawHome(template: FirstPageTemplate, page: HomeFirstPage): string {
  const { texts } = template;
  const filled: Record<Slot, string> = {
    greeting: interpolate(texts.greeting, { firstName: page.firstName }),
    'book-text': page.book
      ? interpolate(texts.usualTimes, {
          school: page.book.location.locationName,
          times: formatTimeRange(page.book.location.startTime, page.book.location.endTime, page.locale),
        })
      : '',
    'book-label': page.book ? offerLabel(texts, page) : '',
  };
  const meta =
    `<meta name="portal-first-page" content="${escapeHtml(['home', ...page.parts].join(' '))}" ` +
    `data-clients="${escapeHtml(page.clientIds.join(','))}">`;
  let html = template.html.replace(META, () => meta);
  for (const slot of SLOTS) {
    html = html.replace(slotTag(slot), () => `<span data-first-page="${slot}">${escapeHtml(filled[slot])}</span>`);
  }
  return html;
}
