#!/usr/bin/env node
// `npm run test:postgres`: the second database pass of CI. Runs, against the PostgreSQL server at TEST_DATABASE_URL,
// only the test files that use the test database (the app over HTTP via buildTestApp, or the database itself); the
// rest (units, PGlite-only files such as the embedded server's process and backup tests) ran in `npm test` and
// would run the same again. Same projects and worker split as `npm test`'s Vitest lane.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runVitest } from './vitest-summary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** What marks a file that uses the test database (test/helpers.ts, test/database.ts, the db package's own). */
const USES_TEST_DATABASE = /buildTestApp|inject\('postgresUrl'\)|withDatabase|TEST_DATABASE_URL/;
const DIRS = ['apps/server/src', 'apps/server/test', 'packages/db/src'];

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('npm run test:postgres: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const all = DIRS.flatMap(testFiles).sort();
const chosen = all.filter((file) => USES_TEST_DATABASE.test(readFileSync(file, 'utf8')));
const left = all.filter((file) => !chosen.includes(file));
console.log(`PostgreSQL pass: ${chosen.length} of ${all.length} server and database test files use the test database.`);
console.log(`Not run again (no test database): ${left.join(', ')}`);
// The fault proofs promise times (a 503 within 5 s, no failed write 2 s after a server is killed) of three servers,
// HAProxy and PostgreSQL on this machine's two cores: they run alone, after the rest, so that the fuzzer or the seeding
// of another file does not take the CPU they are timed on (`npm run proof` asks the same: nothing else running).
const ALONE = ['apps/server/test/fault-proofs.test.ts'];
const projects = ['--project', 'server', '--project', 'server-isolated', '--project', 'db'];
const together = await runVitest([...projects, ...chosen.filter((file) => !ALONE.includes(file))], { label: 'postgresql' });
const alone = chosen.filter((file) => ALONE.includes(file));
const last = alone.length > 0 ? await runVitest([...projects, ...alone], { label: 'postgresql, alone' }) : { code: 0 };
process.exit(together.code || last.code);
