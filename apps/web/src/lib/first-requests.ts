import type { ProfileResponse } from '@portal/contract/profile';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';

/** What a signed-in page's first requests depend on: its address, and the session check's profile and selection. */
export interface FirstRequestsContext {
  params: Params;
  search: URLSearchParams;
  profile: ProfileResponse;
  selectedClientIds: readonly number[];
}

/** One of those requests: the options of the query the page itself runs, so that it finds the answer (or the request). */
export type FirstRequest = FetchQueryOptions<unknown, Error, unknown, QueryKey>;

/**
 * A page's query options as one of its first requests: the list holds queries of different answers, which
 * `prefetchQuery` takes alike.
 */
export function firstRequest(options: { queryKey: QueryKey }): FirstRequest {
  return options as FirstRequest;
}

/**
 * The requests a page makes as it first renders. Its route asks for them as soon as the session check has passed,
 * while the page's code loads and the shell renders, instead of once the page has mounted: on a phone that was
 * some 0.5 s of drawing between the profile's answer and the page's first request.
 */
export type FirstRequests = (context: FirstRequestsContext) => readonly FirstRequest[];

/** The route's side: a page's first requests become its loader (app/router.tsx). */
export type StartsFirstRequests = (requests: FirstRequests) => LoaderFunction;

/** Starts each request (a fresh answer in the cache is kept); nothing waits for them. */
export function startFirstRequests(queryClient: QueryClient, requests: readonly FirstRequest[]): void {
  for (const request of requests) void queryClient.prefetchQuery(request);
}
