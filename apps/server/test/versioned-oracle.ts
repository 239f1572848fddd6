import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { SignedIn } from './auth-client';
import { testConfig, type TestApp } from './helpers';

/**
 * The oracle of the versioned answers' tests (docs/decisions/009): a second app on the same database and clock that
 * keeps no answer (ANSWER_CACHE_MB=0), so it computes every page. `agrees` asks both for a URL and expects the
 * same status, bytes, x-pagination and tag: what the app under test kept must be what a fresh computation sends.
 */
export async function versionedOracle(t: TestApp, now: () => Date) {
  const oracle: FastifyInstance = await buildApp({ config: testConfig({ ANSWER_CACHE_MB: '0' }), database: t.database, now });
  await oracle.ready();
  const get = (app: FastifyInstance, url: string, who: SignedIn, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });
  /**
   * Both apps give the same status; a 200 the same bytes, x-pagination and tag, a refusal the same problem (each has
   * its own trace id). Answers the kept app's response.
   */
  const answersAlike = async (url: string, who: SignedIn) => {
    const [kept, fresh] = await Promise.all([get(t.app, url, who), get(oracle, url, who)]);
    expect(kept.statusCode, url).toBe(fresh.statusCode);
    if (kept.statusCode !== 200) {
      expect({ ...kept.json(), traceId: 0 }, url).toEqual({ ...fresh.json(), traceId: 0 });
      return kept;
    }
    expect(kept.body, url).toBe(fresh.body);
    expect(kept.headers['x-pagination'], url).toBe(fresh.headers['x-pagination']);
    expect(kept.headers.etag, url).toBe(fresh.headers.etag);
    return kept;
  };
  return {
    close: () => oracle.close(),
    get: (url: string, who: SignedIn, headers: Record<string, string> = {}) => get(t.app, url, who, headers),
    /** The oracle's own answer. */
    getFresh: (url: string, who: SignedIn, headers: Record<string, string> = {}) => get(oracle, url, who, headers),
    answersAlike: async (url: string, who: SignedIn) => void (await answersAlike(url, who)),
    /** `answersAlike` for a page both must answer (200): its tag and body. */
    async agrees(url: string, who: SignedIn) {
      const kept = await answersAlike(url, who);
      expect(kept.statusCode, url).toBe(200);
      return { tag: String(kept.headers.etag), json: kept.json() as unknown };
    },
  };
}

/** A small seeded generator (mulberry32) for drawn queries: the same draws on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
