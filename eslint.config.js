// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'packages/db/migrations/**', 'e2e/artifacts/**', '**/.data*/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
      'import-x/no-duplicates': 'error',
      // Boundaries (CONVENTIONS.md): packages never reach into apps; the web app never imports server code or
      // Drizzle; features never import each other (they meet only in app/).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'packages must not depend on apps' },
            { target: './packages/contract', from: './packages/db', message: 'the contract knows nothing of the database' },
            { target: './apps/web', from: './apps/server', message: 'the web app talks to the server over HTTP only' },
            { target: './apps/web', from: './packages/db', message: 'the web app never touches the database' },
            { target: './apps/server', from: './apps/web' },
            ...features.map((f) => ({
              target: `./${featuresDir}/${f}`,
              from: `./${featuresDir}`,
              except: [`./${f}`],
              message: 'features do not import each other; compose them in app/',
            })),
          ],
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
);
