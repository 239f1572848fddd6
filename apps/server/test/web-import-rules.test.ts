import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import boundaries (eslint.config.js): no feature imports another feature, and the shared
 * layer (lib/, api/, components/) imports no feature; what two features share lives in the shared layer. Each case
 * lints a small text as if it were the named file, with the repository's own configuration.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${filePath}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const imports = (path: string) => `import { x } from '${path}';\nexport const y = x;\n`;

describe('web import boundaries', () => {
  it('refuses a feature importing another feature, from any depth', async () => {
    expect(await ruleIds(imports('../finance/api/get-invoices'), 'apps/web/src/features/bookings/bookings-page.tsx')).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIds(imports('../../dashboard/api/get-locations'), 'apps/web/src/features/bookings/list/x.tsx')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('refuses the shared layer importing a feature', async () => {
    for (const file of ['apps/web/src/lib/x.ts', 'apps/web/src/api/x.ts', 'apps/web/src/components/x.tsx']) {
      expect(await ruleIds(imports('../features/bookings/api/get-bookings'), file)).toEqual(['no-restricted-imports']);
    }
  });

  it('allows a feature its own modules and the shared layer', async () => {
    expect(await ruleIds(imports('./list/use-bookings-text'), 'apps/web/src/features/bookings/bookings-page.tsx')).toEqual([]);
    expect(await ruleIds(imports('../../api/bookings-summary'), 'apps/web/src/features/dashboard/home-page.tsx')).toEqual([]);
    expect(await ruleIds(imports('../../components/query-state'), 'apps/web/src/features/finance/finance-page.tsx')).toEqual([]);
  });
});
