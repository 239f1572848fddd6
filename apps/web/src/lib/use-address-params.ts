import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type AddressChanges = Record<string, string | undefined>;

/**
 * The page's filters kept in the address (?school=…&q=…), changed one or several at a time.
 *
 * React Router's functional `setSearchParams` builds on the parameters of the last render, not on a change still in
 * flight (its documentation: "Multiple calls to setSearchParams in the same tick will not build on the prior
 * value"). A school chosen and a search typed straight after it, before the page re-rendered, would lose the school.
 * Here each change builds on the newest address asked for; an address that arrives from elsewhere (the back button,
 * a link) replaces what was in flight.
 */
export function useAddressParams(): readonly [
  URLSearchParams,
  (changes: AddressChanges, options?: { resetPage?: boolean; replace?: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  const current = params.toString();
  const state = useRef({ seen: current, inFlight: [] as string[] });
  useEffect(() => {
    if (state.current.seen === current) return;
    // A change we asked for has arrived: drop it and the ones before it. Anything else came from outside.
    const at = state.current.inFlight.indexOf(current);
    state.current = { seen: current, inFlight: at === -1 ? [] : state.current.inFlight.slice(at + 1) };
  }, [current]);

  const update = useCallback(
    (changes: AddressChanges, { resetPage = true, replace = true }: { resetPage?: boolean; replace?: boolean } = {}) => {
      const base = state.current.inFlight.at(-1) ?? state.current.seen;
      const next = applyAddressChanges(new URLSearchParams(base), changes, resetPage);
      state.current.inFlight.push(next.toString());
      setParams(next, { replace });
    },
    [setParams],
  );
  return [params, update] as const;
}

/** Sets or removes (undefined or '') each parameter; a filter change starts again on page 1 unless told otherwise. */
export function applyAddressChanges(params: URLSearchParams, changes: AddressChanges, resetPage = true): URLSearchParams {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, value);
  }
  if (resetPage) params.delete('page');
  return params;
}
