import { loadQueryClient } from './app-query-client';
import { loadDeferredTexts } from './i18n';
import { yieldToMain } from './yield-to-main';

/** Spec §2 and §9: lazy pages show a loading view after 400 ms, a timeout view after 10 s; chunks give up at 120 s. */
export const PAGE_LOADING_DELAY_MS = 400;
export const PAGE_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PING_PATH = '/api/ping';

/** A page's code that did not arrive (failed or slower than the chunk timeout). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('A part of the app could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Races a page's dynamic import against the chunk timeout, with what the first page leaves out loaded alongside
 * (the other text namespaces, the query client); any failure becomes a ChunkLoadError.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return raceChunk(() => Promise.all([load(), loadDeferredTexts(), loadQueryClient()]).then(([value]) => value), timeoutMs);
}

/** As loadChunk, for a page that needs only the first page's texts and no query client (sign-in). */
export function loadFirstPageChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return raceChunk(load, timeoutMs);
}

function raceChunk<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(new Error(`timed out after ${timeoutMs} ms`))), timeoutMs);
    // The loading starts in a task of its own: a route's chunks are asked for while the router starts a navigation,
    // which was otherwise one task with it.
    yieldToMain()
      .then(load)
      .then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(error));
        },
      );
  });
}

/** Spec §2: HEAD the health endpoint; true when the server answers. */
export async function serverAnswers(fetchImpl: typeof fetch = fetch, timeoutMs = 5000): Promise<boolean> {
  try {
    const response = await fetchImpl(PING_PATH, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}
