import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs say why in the code's own terms. A pointer into a tracker this repository does not hold, or to
 * when a change was made, tells a reader nothing they can follow; where history matters it goes in a decision
 * record (docs/decisions). This reads every comment of the source in apps/, packages/, e2e/, bench/ and scripts/, and
 * every line of their Markdown and of docs/, and refuses a citation of a tracker's item or of a work period.
 * An upstream project's bug named with its repository (owner/name#123) is a link a reader can follow: allowed.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const ROOTS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results', 'playwright-report', 'meta', 'screenshots']);
const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css']);
const PROSE = new Set(['.md', '.yml', '.yaml', '.sql']);
const THIS_FILE = relative(root, fileURLToPath(import.meta.url));

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten';
const ORDINALS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth';
const CITATIONS: readonly RegExp[] = [
  // A tracker item by number: "issue 11", "issues 11 and 12", "Issue #31", "issue11".
  /\bissues? ?#?\d+/i,
  // An item named by its bare number: "#31" (not "owner/name#31", an HTML entity "&#39;", a hex colour "#1a1a1a", or
  // a quoted example of a number the product shows).
  /(?:^|[^\w/&.'"`-])#\d{1,4}\b/,
  // A tracker item as a label: "(issue: …)", "Issue: …" opening a comment.
  /\(issues?:/i,
  /^issues?:\s/i,
  // A work period: "session 3", "round two", "the fourth session", "work period".
  /\bsessions? (?:\d+|[ivx]+\b)/i,
  new RegExp(`\\brounds? (?:\\d+|${NUMBER_WORDS})\\b`, 'i'),
  new RegExp(`\\b(?:${ORDINALS}) (?:session|round|sitting|work period)\\b`, 'i'),
  /\bwork periods?\b/i,
];

/** The comment text of a line of source: a `//` comment's text, or a block comment's line. Null when none. */
function commentOf(line: string, inBlock: boolean): { text: string | null; inBlock: boolean } {
  const trimmed = line.trim();
  if (inBlock) {
    const end = trimmed.indexOf('*/');
    return { text: trimmed.replace(/^\*\s?/, ''), inBlock: end < 0 };
  }
  const block = /(?:^|[\s{])\/\*+(.*)$/.exec(line);
  if (block) return { text: block[1]!.replace(/\*\/.*$/, '').trim(), inBlock: !block[1]!.includes('*/') };
  const lineComment = /(?:^|\s)\/\/(.*)$/.exec(line);
  return { text: lineComment ? lineComment[1]!.trim() : null, inBlock: false };
}

/** The citations in one file's comments (source) or lines (prose), as 'line: text'. */
function citationsIn(text: string, kind: 'code' | 'prose'): string[] {
  const found: string[] = [];
  let inBlock = false;
  text.split('\n').forEach((line, index) => {
    let comment: string | null = line.trim();
    if (kind === 'code') ({ text: comment, inBlock } = commentOf(line, inBlock));
    if (comment !== null && CITATIONS.some((pattern) => pattern.test(comment!))) found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (extname(path) !== '') return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : filesUnder(join(path, entry.name));
    return entry.isFile() ? [join(path, entry.name)] : [];
  });
}

describe('comments cite no tracker item and no work period', () => {
  it('finds them where they would be written', () => {
    expect(citationsIn('// Fixed for issue 11: the list repeats a row.', 'code')).toHaveLength(1);
    expect(citationsIn('const a = 1; // see #31', 'code')).toHaveLength(1);
    expect(citationsIn('/**\n * The fourth session of the rewrite moved this.\n */', 'code')).toHaveLength(1);
    expect(citationsIn('/** Sign-in (issue: identity and access). */', 'code')).toHaveLength(1);
    expect(citationsIn('Measured in round two, as (issue 7) asked.', 'prose')).toHaveLength(1);
    expect(citationsIn('/*\n * Issue: the list showed it twice.\n */', 'code')).toHaveLength(1);
  });

  it('leaves code, upstream links, entities and colours alone', () => {
    expect(citationsIn("const escape = { \"'\": '&#39;' }; const pw = 'Password#123';", 'code')).toEqual([]);
    expect(citationsIn('// Only the development files are exported (remix-run/react-router#12532).', 'code')).toEqual([]);
    expect(citationsIn('const colours = { text: "#1a1a1a" }; // the session lives while the lock is held', 'code')).toEqual([]);
    expect(citationsIn('(issue) => issue.code', 'code')).toEqual([]);
    expect(citationsIn('Invoices carry an issue date; one round trip per request.', 'prose')).toEqual([]);
    expect(citationsIn('/** 200 when every timesheet was done (issues empty). */', 'code')).toEqual([]);
    expect(citationsIn('It named a booking by a request number ("#7297") that the portal shows nowhere.', 'prose')).toEqual([]);
  });

  it('holds for every comment of the repository and its docs', () => {
    const offending: string[] = [];
    for (const file of ROOTS.flatMap(filesUnder)) {
      if (file === THIS_FILE) continue;
      const ext = extname(file);
      const kind = CODE.has(ext) ? 'code' : PROSE.has(ext) ? 'prose' : null;
      if (kind === null) continue;
      for (const hit of citationsIn(readFileSync(join(root, file), 'utf8'), kind)) offending.push(`${file}:${hit}`);
    }
    expect(offending).toEqual([]);
  });
});
