import { describe, expect, it } from 'vitest';

/*
 * Labels are in sentence case ("Create booking", "Sign in"), except the texts the spec quotes, which are kept as it
 * writes them (docs/decisions/016-sentence-case-for-labels.md).
 */

/**
 * Texts the spec quotes in Title Case, kept verbatim where the spec puts them (by file and key: the same words as a
 * label elsewhere are in sentence case, e.g. the list's "Create booking" button).
 */
const SPEC_QUOTED: Record<string, string> = {
  // §2 error screen: "with Back to Home and Log Out"
  'en/common.json actions.backToHome': 'Back to Home',
  'en/common.json actions.logOut': 'Log Out',
  // §2 service status banner: "a Learn More button"; multiple-choice select: "a Select All entry"
  'en/common.json serviceStatus.learnMore': 'Learn More',
  'en/common.json multiSelect.selectAll': 'Select All',
  // §2 routes: bookings-create "title Create Booking", invoice-view "title View Invoice"
  'en/pages.json bookingsCreate.title': 'Create Booking',
  'en/booking-create.json title': 'Create Booking',
  'en/pages.json invoiceDetails.title': 'View Invoice',
  'en/finance.json invoice.title': 'View Invoice',
  // §8 toasts: 'Download Failed'
  'en/finance.json download.failed': 'Download Failed',
  'en/timesheets.json download.failed': 'Download Failed',
  'en/pages.json help.downloadFailed': 'Download Failed',
};

/** Words that keep their capital anywhere: names of days, months, places, languages, products and stores. */
const PROPER_WORDS = new Set([
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ...['English', 'United', 'Kingdom', 'States', 'New', 'Zealand', 'Australia', 'Canada'],
  ...['App', 'Store', 'Google', 'Play', 'Apple', 'Outlook', 'Calendar'],
]);

/** Words Title Case leaves in lower case. */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'via',
  'with',
]);

/**
 * Title Case: a sentence of two words or more in which every word after the first that is not a minor word, an
 * acronym (CSV, PDF) or a proper name starts with a capital (with at least one such word).
 */
export function isTitleCase(text: string): boolean {
  // Each sentence on its own: a capital after '. ' starts a sentence, it does not make a title.
  return text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/[.!?:]\s+/)
    .some((sentence) => {
      const words = sentence
        .split(/[\s/–—-]+/)
        .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
        .filter((word) => /\p{L}/u.test(word));
      if (words.length < 2) return false;
      const telling = words.slice(1).filter((word) => !MINOR_WORDS.has(word) && !PROPER_WORDS.has(word) && word !== word.toUpperCase());
      return telling.length > 0 && telling.every((word) => /^\p{Lu}/u.test(word));
    });
}

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function texts(value: unknown, key: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') out.push([key, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) texts(v, key ? `${key}.${k}` : k, out);
  return out;
}

describe('labels in sentence case', () => {
  it('tells Title Case from sentence case', () => {
    expect(isTitleCase('Create Booking')).toBe(true);
    expect(isTitleCase('Bookings Pending Approval')).toBe(true);
    expect(isTitleCase('Back to Home')).toBe(true);
    expect(isTitleCase('Create booking')).toBe(false);
    expect(isTitleCase('Sign in')).toBe(false);
    expect(isTitleCase('Export CSV')).toBe(false);
    expect(isTitleCase('Next Monday')).toBe(false);
    expect(isTitleCase('Download on the App Store')).toBe(false);
    expect(isTitleCase('Home')).toBe(false);
    expect(isTitleCase('{{page}} | {{appName}}')).toBe(false);
    expect(isTitleCase('{{count}} locations: {{names}}. Zoom in')).toBe(false);
    expect(isTitleCase('Something went wrong. Try Again Later')).toBe(true);
  });

  it('every locale file: no Title Case text but those the spec quotes, where it quotes them', () => {
    const found = Object.entries(files).flatMap(([path, json]) =>
      texts(json, '', [])
        .map(([key, text]) => [`${path.slice(2)} ${key}`, text] as const)
        .filter(([where, text]) => isTitleCase(text) && SPEC_QUOTED[where] !== text)
        .map(([where, text]) => `${where}: "${text}"`),
    );
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  it("keeps the spec's quoted texts exactly", () => {
    const all = new Map<string, string>(
      Object.entries(files).flatMap(([path, json]) =>
        texts(json, '', []).map(([key, text]): [string, string] => [`${path.slice(2)} ${key}`, text]),
      ),
    );
    for (const [where, quoted] of Object.entries(SPEC_QUOTED)) expect(all.get(where), where).toBe(quoted);
  });
});
