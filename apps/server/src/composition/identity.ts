import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '@portal/db/client';
import type { Config } from '../config';
import { systemClock } from '../lib/clock';
import type { Notifier } from '../lib/notifier';
import type { ServerKeys } from '../lib/secrets';
import { AccessTokens } from '../modules/identity/access-tokens';
import { PageTokens } from '../modules/identity/page-tokens';
import {
  DatabaseAttemptCounters,
  FallbackAttemptCounters,
  RedisAttemptCounters,
  type AttemptCounters,
} from '../modules/identity/attempt-counters';
import { PrincipalCache } from '../modules/identity/principal-cache';

/**
 * What sign-in and the guarding of requests are built from, once for the app's life: access tokens, the sign-in
 * counters and the principal cache. The auth service (composition/services.ts) and the routes that guard or count
 * are handed them.
 */
export interface Identity {
  tokens: AccessTokens;
  /** First-page tokens: the cookie that lets the server draw a contact's Home into a cold start's HTML. */
  pages: PageTokens;
  counters: AttemptCounters;
  principals: PrincipalCache;
}

/**
 * Sign-ins, tokens and file keys expire on the wall clock (lib/clock.ts), not on app.now: tests move app.now
 * across days to exercise the booking rules, and a session must not expire (or never expire) with it.
 */
export async function buildIdentity(
  app: FastifyInstance,
  { config, keys, database, notifier }: { config: Config; keys: ServerKeys; database: Database; notifier: Notifier },
): Promise<Identity> {
  const tokens = new AccessTokens(keys, config.publicOrigin, config.auth.accessTokenTtlSeconds, systemClock);
  const counters = await attemptCounters(app, config, database);
  const pages = new PageTokens(keys, config.publicOrigin, systemClock);
  return { tokens, pages, counters, principals: principalCache(app, database, notifier) };
}

/** Signed-in contacts and staff, cached per process: a sign-out, password change or permission change on any server process is forgotten by all (via the notifier). */
function principalCache(app: FastifyInstance, database: Database, notifier: Notifier): PrincipalCache {
  return new PrincipalCache(database.db, notifier, (err) => app.log.warn({ err: { message: err.message } }, 'principal-changed not sent'));
}

/** Sign-in and lock-out counters: in Redis when configured (the database meanwhile when unreachable), else the database. */
async function attemptCounters(app: FastifyInstance, config: Config, database: Database): Promise<AttemptCounters> {
  const inDatabase = new DatabaseAttemptCounters(database.db);
  if (!config.redisUrl) return inDatabase;
  const redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
  app.addHook('onClose', async () => void redis.disconnect());
  // Start with Redis connected when it answers (up to 2 s), so the first sign-ins count where the others will;
  // when it does not, the server starts anyway and counts in the database until it does.
  if (redis.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 2000);
      redis.once('ready', done);
      function done() {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      }
    });
  }
  // Redis unreachable: sign-in and lock-out count in the database meanwhile (FallbackAttemptCounters).
  return new FallbackAttemptCounters(
    new RedisAttemptCounters(redis),
    inDatabase,
    () => redis.status === 'ready',
    (err) => app.log.warn({ err: { message: err.message } }, 'redis unreachable: sign-in counters in the database meanwhile'),
  );
}
