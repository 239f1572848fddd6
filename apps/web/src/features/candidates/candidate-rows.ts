import type { CandidateListItem } from '@portal/contract/candidates';

/** One educator at one school: the list answers per client, and a favourite belongs to a school. */
export interface CandidateRow extends CandidateListItem {
  clientId: number;
  clientName: string;
  /** May the contact mark or unmark favourites at this school (booking create or modify there)? */
  canFavourite: boolean;
}

export const CANDIDATE_SORTS = ['favourites', 'name', 'lastDate', 'nextDate', 'bookings'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

export function isCandidateSort(value: string | null): value is CandidateSort {
  return (CANDIDATE_SORTS as readonly string[]).includes(value ?? '');
}

const byName = (a: CandidateRow, b: CandidateRow) =>
  a.lastName.localeCompare(b.lastName) || a.fullName.localeCompare(b.fullName) || a.clientName.localeCompare(b.clientName);

/** Dates as 'YYYY-MM-DD' compare as text; a missing one goes last. */
function compareDates(a: string | null, b: string | null, direction: 1 | -1): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -direction : direction;
}

export function sortCandidates(rows: readonly CandidateRow[], sort: CandidateSort): CandidateRow[] {
  const sorted = [...rows];
  switch (sort) {
    case 'favourites':
      return sorted.sort((a, b) => Number(b.isFavourite) - Number(a.isFavourite) || byName(a, b));
    case 'name':
      return sorted.sort(byName);
    case 'lastDate':
      return sorted.sort((a, b) => compareDates(a.lastDateLocal, b.lastDateLocal, -1) || byName(a, b));
    case 'nextDate':
      return sorted.sort((a, b) => compareDates(a.nextDateLocal, b.nextDateLocal, 1) || byName(a, b));
    case 'bookings':
      return sorted.sort((a, b) => b.bookingsCount - a.bookingsCount || byName(a, b));
  }
}

/** Case- and accent-insensitive match on any name or the headline. */
export function matchesSearch(row: CandidateRow, search: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold([row.fullName, row.firstName, row.lastName, row.preferredName ?? '', row.headline ?? ''].join(' '));
  return words.every((word) => haystack.includes(word));
}
