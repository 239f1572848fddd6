import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '@portal/db/client';
import type { Config } from '../config';
import { systemClock } from '../lib/clock';
import type { Mailer } from '../lib/mailer';
import type { Notifier } from '../lib/notifier';
import { AccessTokens } from '../modules/identity/access-tokens';
import {
  DatabaseAttemptCounters,
  FallbackAttemptCounters,
  RedisAttemptCounters,
  type AttemptCounters,
} from '../modules/identity/attempt-counters';
import { AuthService } from '../modules/identity/auth.service';
import { PrincipalCache } from '../modules/identity/principal-cache';
import type { Services } from '../plugins/services';

/** What sign-in and the routes guarding requests are built from: handed to the routes that need them. */
export interface Identity {
  tokens: AccessTokens;
  counters: AttemptCounters;
  principals: PrincipalCache;
  auth: AuthService;
}

export interface IdentityCollaborators {
  config: Config;
  /** The signing secret (config.jwtSecret, checked to be set). */
  jwtSecret: string;
  database: Database;
  counters: AttemptCounters;
  principals: PrincipalCache;
  mailer: Mailer;
  services: Services;
}

/**
 * Tokens, sign-in counters, the principal cache and the auth service, wired once for the app's life.
 * Sign-ins, tokens and file keys expire on the wall clock (lib/clock.ts), not on app.now: tests move app.now
 * across days to exercise the booking rules, and a session must not expire (or never expire) with it.
 */
export function buildIdentity({ config, jwtSecret, database, counters, principals, mailer, services }: IdentityCollaborators): Identity {
  const tokens = new AccessTokens(jwtSecret, config.publicOrigin, config.auth.accessTokenTtlSeconds, systemClock);
  const auth = new AuthService({
    database,
    config,
    tokens,
    counters,
    mailer,
    principals,
    now: systemClock,
    calendarFeeds: services.calendarFeed,
  });
  return { tokens, counters, principals, auth };
}

/** Signed-in contacts and staff, cached per process: a sign-out, password change or permission change on any server process is forgotten by all (via the notifier). */
export function principalCache(app: FastifyInstance, database: Database, notifier: Notifier): PrincipalCache {
  return new PrincipalCache(database.db, notifier, (err) => app.log.warn({ err: { message: err.message } }, 'principal-changed not sent'));
}

/** Sign-in and lock-out counters: in Redis when configured (the database meanwhile when unreachable), else the database. */
export async function attemptCounters(app: FastifyInstance, config: Config, database: Database): Promise<AttemptCounters> {
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
