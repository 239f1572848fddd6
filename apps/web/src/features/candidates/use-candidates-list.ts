import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { useAddressParams } from '../../lib/use-address-params';
import { useToast } from '../../lib/toast';
import { useCandidateLists } from './api/get-candidate-list';
import type { CandidateClientAccess } from './candidates-page';
import { isCandidateSort, matchesSearch, sortCandidates, type CandidateRow, type CandidateSort } from './candidate-rows';
import { useCandidatesText } from './use-candidates-text';

export const PAGE_SIZES = [25, 50, 100] as const;

/** The list's search, sort, school, favourites and page, as the address holds them. */
export function useCandidatesAddress(clients: readonly CandidateClientAccess[]) {
  const [params, update] = useAddressParams();
  // The box keeps its own text (a navigation per keystroke would lag behind typing); the address follows it.
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const sortParam = params.get('sort');
  const schoolParam = Number(params.get('school'));
  const sort: CandidateSort = isCandidateSort(sortParam) ? sortParam : 'favourites';
  const searchFor = (text: string) => {
    setSearch(text);
    update({ q: text });
  };
  const clearSearch = () => {
    setSearch('');
    update({ q: undefined });
  };
  return {
    update,
    search,
    searchFor,
    clearSearch,
    sort,
    school: clients.some((c) => c.clientId === schoolParam) ? schoolParam : undefined,
    favouritesOnly: params.get('favourites') === '1',
    pageSize: PAGE_SIZES.find((size) => size === Number(params.get('size'))) ?? PAGE_SIZES[0],
    requestedPage: Math.max(0, Number(params.get('page') ?? '1') - 1) || 0,
  };
}

export type CandidatesAddress = ReturnType<typeof useCandidatesAddress>;

/** Each shown school's educators, and whether they have loaded, failed, or were refused. */
function useShownLists(shownClients: readonly CandidateClientAccess[]) {
  const { t } = useCandidatesText();
  const toast = useToast();
  const navigate = useNavigate();
  const lists = useCandidateLists(shownClients.map((c) => c.clientId));
  const pending = lists.some((list) => list.isPending);
  const failures = lists.filter((list) => list.isError);
  const refused = failures.some((list) => list.error instanceof ApiError && list.error.status === 403);
  const failedAt = Math.max(0, ...failures.map((list) => list.errorUpdatedAt));

  // Spec §8: 'Cannot load candidate list'; a refusal sends the user home.
  const refusedOnce = useRef(false);
  useEffect(() => {
    if (!failedAt) return;
    if (refused) {
      if (refusedOnce.current) return;
      refusedOnce.current = true;
      toast.error(t('list.loadFailed'));
      void navigate(paths.home, { replace: true });
      return;
    }
    toast.error(t('list.loadFailed'));
  }, [failedAt, refused, toast, t, navigate]);

  return { lists, pending, failures, refused, loaded: !pending && failures.length < lists.length };
}

/** The educators the address asks for: the shown schools' lists, filtered, sorted, and the page of them. */
export function useCandidateRows(clients: readonly CandidateClientAccess[], address: CandidatesAddress) {
  const { school, favouritesOnly, search, sort, pageSize, requestedPage } = address;
  const shownClients = school === undefined ? clients : clients.filter((c) => c.clientId === school);
  const shown = useShownLists(shownClients);

  // A few hundred rows at most: filtered and sorted on every render.
  const allRows: CandidateRow[] = shownClients.flatMap((client, index) =>
    (shown.lists[index]?.data ?? []).map((item) => ({
      ...item,
      clientId: client.clientId,
      clientName: client.clientName,
      canFavourite: client.canFavourite,
    })),
  );
  const rows = sortCandidates(
    allRows.filter((row) => (!favouritesOnly || row.isFavourite) && matchesSearch(row, search)),
    sort,
  );
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(requestedPage, pageCount - 1);
  return {
    ...shown,
    rows,
    page,
    pageRows: rows.slice(page * pageSize, page * pageSize + pageSize),
    showSchool: shownClients.length > 1,
  };
}

export type CandidateRows = ReturnType<typeof useCandidateRows>;
