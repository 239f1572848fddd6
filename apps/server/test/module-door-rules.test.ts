import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server modules' doors (eslint.config.js): a module reaches another only through its service (or a named
 * port), never through another module's *.repository or *.routes. Each case lints a small text as if it were the
 * named file, with the repository's own configuration.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${filePath}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const imports = (path: string) => `import { x } from '${path}';\nexport const y = x;\n`;
const REFUSED = ['no-restricted-imports'];

describe('doors between server modules', () => {
  it("refuses another module's repository or routes, from a service, routes, repository or helper", async () => {
    for (const file of [
      'apps/server/src/modules/invoices/invoices.service.ts',
      'apps/server/src/modules/invoices/invoices.routes.ts',
      'apps/server/src/modules/invoices/invoices.repository.ts',
      'apps/server/src/modules/invoices/invoice-export.ts',
    ]) {
      expect(await ruleIds(imports('../bookings/bookings.repository'), file), file).toEqual(REFUSED);
      expect(await ruleIds(imports('../timesheets/timesheets.routes'), file), file).toEqual(REFUSED);
      expect(await ruleIds(imports('../bookings/booking-detail.repository.js'), file), file).toEqual(REFUSED);
      expect(await ruleIds(imports('../../modules/bookings/bookings.repository'), file), file).toEqual(REFUSED);
    }
    const typeOnly = "import type { X } from '../bookings/bookings.repository';\nexport type Y = X;\n";
    expect(await ruleIds(typeOnly, 'apps/server/src/modules/invoices/invoices.service.ts')).toEqual(REFUSED);
  });

  it('refuses them in every module file, with no exception left', async () => {
    for (const [path, file] of [
      ['../live-events/live-events.repository', 'apps/server/src/modules/bookings/extend-booking.service.ts'],
      ['../provider/provider.repository', 'apps/server/src/modules/bookings/extend-booking.service.ts'],
      ['../identity/identity.repository', 'apps/server/src/modules/service-status/service-status.service.ts'],
      ['../profile/permission-tree.repository', 'apps/server/src/modules/identity/principal-cache.ts'],
      ['../bookings/bookings.routes', 'apps/server/src/modules/pending-bookings/pending-bookings.repository.ts'],
      ['../timesheets/timesheets.repository', 'apps/server/src/modules/candidates/candidates.repository.ts'],
    ]) {
      expect(await ruleIds(imports(path!), file!), `${file} → ${path}`).toEqual(REFUSED);
    }
  });

  it("allows another module's service and named ports, the module's own files, lib and tests", async () => {
    const file = 'apps/server/src/modules/invoices/invoices.routes.ts';
    expect(await ruleIds(imports('../bookings/bookings.service'), file)).toEqual([]);
    expect(await ruleIds(imports('../bookings/booking-export'), file)).toEqual([]);
    expect(await ruleIds(imports('./invoices.repository'), file)).toEqual([]);
    expect(await ruleIds(imports('../invoices/invoices.repository'), file)).toEqual([]);
    expect(await ruleIds(imports('../../lib/keyset.repository'), file)).toEqual([]);
    expect(await ruleIds(imports('../live-events/live-events.port'), file)).toEqual([]);
    expect(await ruleIds(imports('../bookings/bookings.repository'), 'apps/server/src/modules/invoices/invoices.test.ts')).toEqual([]);
  });

  it('keeps the other server rules in module files', async () => {
    const text = "import { eq } from 'drizzle-orm';\nexport const q = eq;\n";
    expect(await ruleIds(text, 'apps/server/src/modules/invoices/invoices.service.ts')).toEqual(REFUSED);
    expect(await ruleIds(text, 'apps/server/src/modules/bookings/bookings.service.ts')).toEqual(REFUSED);
    expect(await ruleIds(text, 'apps/server/src/modules/invoices/invoices.repository.ts')).toEqual([]);
    expect(await ruleIds(imports('@portal/web'), 'apps/server/src/modules/bookings/bookings.repository.ts')).toEqual(REFUSED);
  });
});

describe('the shared read model', () => {
  it('is open to every repository and service, and imports no module', async () => {
    for (const file of [
      'apps/server/src/modules/pending-bookings/pending-bookings.repository.ts',
      'apps/server/src/modules/email-actions/email-actions.service.ts',
    ]) {
      expect(await ruleIds(imports('../../read-model/booking-detail.repository'), file), file).toEqual([]);
      expect(await ruleIds(imports('../../read-model/data-scope.repository'), file), file).toEqual([]);
    }
    const readModel = 'apps/server/src/read-model/booking-detail.repository.ts';
    expect(await ruleIds(imports('../modules/bookings/bookings.repository'), readModel)).toEqual(REFUSED);
    expect(await ruleIds(imports('../modules/bookings/bookings.service'), readModel)).toEqual(REFUSED);
    expect(await ruleIds(imports('./booking-join.repository'), readModel)).toEqual([]);
    const text = "import { eq } from 'drizzle-orm';\nexport const q = eq;\n";
    expect(await ruleIds(text, 'apps/server/src/read-model/booking-answers.ts')).toEqual(REFUSED);
  });
});

describe('the code as it is', () => {
  const modulesDir = `${root}apps/server/src/modules`;
  const sources = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => file.split('\\').join('/'));

  it("has no module file importing another module's repository or routes (what grep would find)", () => {
    const crossing: string[] = [];
    for (const file of sources) {
      const own = file.split('/')[0]!;
      const text = readFileSync(`${modulesDir}/${file}`, 'utf8');
      for (const [, path] of text.matchAll(/from '([^']+)'/g)) {
        const target = /^(?:\.\.\/|.*\/modules\/)([^/]+)\/[^/]+\.(?:repository|routes)(?:\.[cm]?[jt]s)?$/.exec(path!)?.[1];
        if (target !== undefined && target !== own) crossing.push(`${file} → ${path}`);
      }
    }
    expect(sources.length).toBeGreaterThan(100);
    expect(crossing).toEqual([]);
  });

  it('keeps no list of exceptions in the ESLint configuration', async () => {
    const config = (await import(pathToFileURL(`${root}eslint.config.js`).href)) as Record<string, unknown>;
    expect(config).not.toHaveProperty('DOOR_EXCEPTIONS');
    expect(readFileSync(`${root}eslint.config.js`, 'utf8')).not.toMatch(/EXCEPTIONS/);
  });
});
