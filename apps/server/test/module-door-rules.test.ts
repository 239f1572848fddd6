import { readFileSync } from 'node:fs';
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

  it('refuses a new one in a file that keeps an older exception', async () => {
    const file = 'apps/server/src/modules/bookings/extend-booking.service.ts';
    expect(await ruleIds(imports('../live-events/live-events.repository'), file)).toEqual([]);
    expect(await ruleIds(imports('../identity/identity.repository'), file)).toEqual(REFUSED);
  });

  it("allows another module's service and named ports, the module's own files, lib and tests", async () => {
    const file = 'apps/server/src/modules/invoices/invoices.routes.ts';
    expect(await ruleIds(imports('../bookings/bookings.service'), file)).toEqual([]);
    expect(await ruleIds(imports('../bookings/booking-export'), file)).toEqual([]);
    expect(await ruleIds(imports('./invoices.repository'), file)).toEqual([]);
    expect(await ruleIds(imports('../invoices/invoices.repository'), file)).toEqual([]);
    expect(await ruleIds(imports('../../lib/keyset.repository'), file)).toEqual([]);
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

describe('the older exceptions only shrink', () => {
  it('lists only imports that still exist, and no more than today', async () => {
    const config = (await import(pathToFileURL(`${root}eslint.config.js`).href)) as { DOOR_EXCEPTIONS: Record<string, string[]> };
    const entries = Object.entries(config.DOOR_EXCEPTIONS);
    for (const [file, allowed] of entries) {
      const text = readFileSync(`${root}apps/server/src/modules/${file}`, 'utf8');
      for (const path of allowed) expect(text, `${file} still imports ${path}`).toContain(`from '${path}'`);
    }
    // Lower this ceiling when an exception goes; never raise it.
    expect(entries.flatMap(([, allowed]) => allowed).length).toBeLessThanOrEqual(27);
  });
});
