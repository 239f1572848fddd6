import { spawn } from 'node:child_process';
import { redisReachable } from './reachable';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { repoRoot } from '../src/config';
import { TEMPLATE_NAMES, withDatabase } from './database';

/**
 * The short version of `npm run proof` (scripts/proof.mjs --short): the same promises under faults
 * with shorter loads. The proof prints its figures; a broken promise makes it exit non-zero, and this test shows
 * its output. The PostgreSQL phases run in the PostgreSQL pass (TEST_DATABASE_URL), on a copy of the seeded
 * template; Redis phases need the local Redis (TEST_REDIS_URL or 127.0.0.1:6379).
 */
const postgresUrl = inject('postgresUrl');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function proof(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/proof.mjs', '--short', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('fault proofs (short)', () => {
  // The embedded database's proof does not use PostgreSQL: it runs in the PGlite pass only (CI runs the suite twice).
  it.skipIf(postgresUrl)(
    'the embedded server killed with SIGKILL under writes keeps every acknowledged booking',
    async () => {
      const { code, output } = await proof(['--only', 'embedded-kill']);
      process.stdout.write(output);
      expect(code, output).toBe(0);
      expect(output).toMatch(/PASS {2}every acknowledged booking is there after the restart/);
    },
    420_000,
  );

  it.runIf(postgresUrl)(
    'PostgreSQL and Redis outages, a killed server behind HAProxy, a short soak',
    async () => {
      const name = `portal_proof_${process.pid}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name} template ${TEMPLATE_NAMES.seeded}`);
      try {
        const withRedis = await redisReachable();
        const phases = withRedis ? 'pg-outage,redis-outage,instance-kill,soak' : 'pg-outage,instance-kill,soak';
        const redis = new URL(REDIS_URL);
        redis.pathname = '/4';
        const { code, output } = await proof([
          '--only',
          phases,
          '--database-url',
          withDatabase(postgresUrl, name),
          ...(withRedis ? ['--redis-url', redis.toString()] : ['--no-redis']),
        ]);
        process.stdout.write(output);
        expect(code, output).toBe(0);
        expect(output).toMatch(/PASS {2}acknowledged writes lost: \d+ acknowledged, \d+ found whole, 0 lost/);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    420_000,
  );
});
