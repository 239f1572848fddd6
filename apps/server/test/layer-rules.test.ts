import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house rules that ESLint keeps (eslint.config.js): queries only in *.repository.ts (no Drizzle or
 * schema import elsewhere in the server) and one injected clock (no `new Date()` / `Date.now()` in server modules).
 * Each case lints a small text as if it were the named file, with the repository's own configuration.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${filePath}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const DRIZZLE = "import { eq } from 'drizzle-orm';\nimport { bookings } from '@portal/db/schema';\nexport const q = [eq, bookings];\n";

describe('queries only in repositories', () => {
  it('refuses Drizzle and the schema in a service', async () => {
    expect(await ruleIds(DRIZZLE, 'apps/server/src/modules/x/x.service.ts')).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });

  it('refuses them in routes, lib and the demo, type imports and sub-paths too', async () => {
    const text =
      "import type { PgTable } from 'drizzle-orm/pg-core';\nimport type * as schema from '@portal/db/schema';\nexport type T = [PgTable, typeof schema];\n";
    for (const file of [
      'apps/server/src/modules/x/x.routes.ts',
      'apps/server/src/lib/x.ts',
      'apps/server/src/demo/x.ts',
      'apps/server/src/app.ts',
    ])
      expect(await ruleIds(text, file), file).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });

  it('allows them in a repository and in tests', async () => {
    expect(await ruleIds(DRIZZLE, 'apps/server/src/modules/x/x.repository.ts')).toEqual([]);
    expect(await ruleIds(DRIZZLE, 'apps/server/src/modules/x/x.test.ts')).toEqual([]);
  });

  it('allows the connection handle in a service', async () => {
    const text = "import type { Db } from '@portal/db/client';\nexport type T = Db;\n";
    expect(await ruleIds(text, 'apps/server/src/modules/x/x.service.ts')).toEqual([]);
  });
});

describe('one injected clock', () => {
  const text = 'export const a = new Date();\nexport const b = Date.now();\n';

  it('refuses new Date() and Date.now() in a server module', async () => {
    expect(await ruleIds(text, 'apps/server/src/modules/x/x.service.ts')).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(await ruleIds(text, 'apps/server/src/modules/x/x.repository.ts')).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('allows a given instant, and the clock itself, main.ts and tests', async () => {
    expect(await ruleIds("export const a = new Date('2026-01-01T00:00:00Z');\n", 'apps/server/src/modules/x/x.service.ts')).toEqual([]);
    for (const file of ['apps/server/src/lib/clock.ts', 'apps/server/src/main.ts', 'apps/server/src/modules/x/x.test.ts'])
      expect(await ruleIds(text, file), file).toEqual([]);
  });
});

describe('one clock in the web app', () => {
  const text = "import { DateTime } from 'luxon';\nexport const a = [new Date(), Date.now(), DateTime.now(), DateTime.local()];\n";

  it('refuses reading the system time in a web module', async () => {
    expect(await ruleIds(text, 'apps/web/src/features/x/x-page.tsx')).toEqual(Array(4).fill('no-restricted-syntax'));
  });

  it('allows lib/clock.ts, tests and a given date', async () => {
    expect(await ruleIds(text, 'apps/web/src/lib/clock.ts')).toEqual([]);
    expect(await ruleIds(text, 'apps/web/src/features/x/x-page.test.tsx')).toEqual([]);
    expect(
      await ruleIds("import { DateTime } from 'luxon';\nexport const a = DateTime.local(2026, 1, 1);\n", 'apps/web/src/features/x/x.ts'),
    ).toEqual([]);
  });
});
