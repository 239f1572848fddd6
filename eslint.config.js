// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const SERVER_NOT_WEB = {
  group: ['@portal/web', '@portal/web/*', '**/apps/web/**', '**/web/src/**'],
  message: 'the server does not import the web app',
};
const QUERIES_IN_REPOSITORIES = {
  regex: '^(drizzle-orm(/.*)?|@portal/db(/schema(/.*)?)?)$',
  message: 'queries live in *.repository.ts: call a repository function (row types are re-exported there), not Drizzle or the schema',
};

// Doors between server modules: a module reaches another only through its service or a named port (a
// `*.port.ts` such as live-events.port.ts, or a door like booking-export.ts), never through its *.repository or
// *.routes files. What several modules read alike is not a module: the booking read model and the data-scope
// conditions live in apps/server/src/read-model, which any repository (and a service for its row types) may import,
// as it may lib/.
const serverModulesDir = 'apps/server/src/modules';
const serverModules = existsSync(serverModulesDir)
  ? readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** @param {string} module */
const throughTheDoor = (module) => ({
  regex: `^(?:\\.\\./|.*/modules/)(?!${escapeRegex(module)}/)[^/]+/[^/]+\\.(?:repository|routes)(?:\\.[cm]?[jt]s)?$`,
  message: 'a module reaches another only through its service (or a named port), not its *.repository or *.routes',
});
const readModelDir = 'apps/server/src/read-model';
const BELOW_THE_MODULES = { group: ['**/modules/**'], message: 'the read model serves the server modules and imports none of them' };
const serverPatterns = (/** @type {string} */ file, /** @type {object} */ door) =>
  file.endsWith('.repository.ts') ? [SERVER_NOT_WEB, door] : [SERVER_NOT_WEB, QUERIES_IN_REPOSITORIES, door];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'packages/db/migrations/**', 'e2e/artifacts/**', '**/.data*/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  // Boundaries (CONVENTIONS.md), with ESLint's own no-restricted-imports: packages never reach into apps; the
  // contract knows nothing of the database; the web app talks to the server over HTTP only; features never
  // import each other (they meet only in app/).
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@portal/server', '@portal/server/*', '@portal/web', '@portal/web/*'],
              message: 'packages must not depend on apps',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/db', '@portal/db/*', 'drizzle-orm', 'drizzle-orm/*', '**/apps/**'],
              message: 'the contract knows nothing of the database or the apps',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_WEB] }] },
  },
  // Queries only in *.repository.ts: elsewhere in the server neither Drizzle nor the schema is imported;
  // row types come re-exported from a repository. The connection (`@portal/db/client`: the Db handle services pass
  // to repositories and open transactions on) and `@portal/db/migrate` stay importable.
  {
    files: ['apps/server/**/*.{ts,tsx}'],
    ignores: ['apps/server/**/*.repository.ts', 'apps/server/**/*.test.ts', 'apps/server/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_WEB, QUERIES_IN_REPOSITORIES] }] },
  },
  ...serverModules.flatMap((m) =>
    ['ts', 'repository.ts'].map((kind) => ({
      files: [`${serverModulesDir}/${m}/**/*.${kind}`],
      ignores: [`${serverModulesDir}/**/*.test.ts`, ...(kind === 'ts' ? [`${serverModulesDir}/**/*.repository.ts`] : [])],
      rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns(`x.${kind}`, throughTheDoor(m)) }] },
    })),
  ),
  // The read model sits below the modules: it imports none of them, so any module may read through it.
  ...['ts', 'repository.ts'].map((kind) => ({
    files: [`${readModelDir}/**/*.${kind}`],
    ignores: [`${readModelDir}/**/*.test.ts`, ...(kind === 'ts' ? [`${readModelDir}/**/*.repository.ts`] : [])],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns(`x.${kind}`, BELOW_THE_MODULES) }] },
  })),
  // One injected clock: server modules take "now" from the app's clock (app.now, lib/clock.ts), never
  // from `new Date()` or `Date.now()`, so tests can fix it and every rule sees the same instant.
  {
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/main.ts', 'apps/server/src/lib/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "take now from the app's clock (app.now, lib/clock.ts), not new Date()",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "take now from the app's clock (app.now, lib/clock.ts), not Date.now()",
        },
      ],
    },
  },
  ...features.map((f) => ({
    files: [`${featuresDir}/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/db', '@portal/db/*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg', '**/apps/server/**'],
              message: 'the web app talks to the server over HTTP only',
            },
            {
              group: features
                .filter((o) => o !== f)
                .flatMap((o) => [`../${o}/**`, `../../${o}/**`, `../../../${o}/**`, `../../../../${o}/**`, `**/features/${o}/**`]),
              message: 'features do not import each other; compose them in app/',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: [`${featuresDir}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/db', '@portal/db/*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg', '**/apps/server/**'],
              message: 'the web app talks to the server over HTTP only',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared layer (lib/, api/, components/) serves the features and never reaches into one: what two
    // features need lives here, what one needs stays in it.
    files: ['apps/web/src/{lib,api,components}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/db', '@portal/db/*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg', '**/apps/server/**'],
              message: 'the web app talks to the server over HTTP only',
            },
            { group: ['**/features/**'], message: 'the shared layer (lib/, api/, components/) does not import features' },
          ],
        },
      ],
    },
  },
  // One clock in the web app too: modules take "now" from lib/clock.ts.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/lib/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'take now from lib/clock.ts, not new Date()' },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'take now from lib/clock.ts, not Date.now()',
        },
        {
          selector: "CallExpression[callee.object.name='DateTime'][callee.property.name=/^(now|local)$/][arguments.length=0]",
          message: 'take now from lib/clock.ts (localNow), not DateTime.now() / DateTime.local()',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/main.ts', 'apps/server/src/demo/seed-cli.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  // The one test that puts the same request through the server and through the web form's rules, to prove both run
  // the contract's pipeline alike: it imports the form's rules module, nothing else of the web app.
  {
    files: ['apps/server/test/create-booking-parity.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
