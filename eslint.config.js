import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';

const ROOT = import.meta.dirname;
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const serverFeatures = fs.readdirSync(path.join(ROOT, SERVER, 'features'));
const webFeatures = fs.readdirSync(path.join(ROOT, WEB, 'features'));

/**
 * Layer and feature boundaries (docs/decisions.md, "Import boundaries"):
 * - server: platform/ and db/ know no feature (nor the seed above them, nor app.ts); a feature
 *   never imports app.ts, and reaches another feature only through its public files
 *   (service.ts, repo.ts, policy.ts, presenter.ts), never its routes or helper files;
 * - SPA: shared code (components/, lib/, hooks/) knows no feature; features never import app/
 *   (the router, which imports them); a feature never imports another feature's pages/.
 * Tests are left out: they build the whole app and reach into whatever they exercise.
 */
const serverZones = [
  {
    target: `${SERVER}/platform`,
    from: [`${SERVER}/features`, `${SERVER}/seed`, `${SERVER}/app.ts`, `${SERVER}/runtime.ts`],
    message: 'platform/ is cross-cutting: it knows no feature, seed or app.',
  },
  {
    target: `${SERVER}/db`,
    from: [`${SERVER}/features`, `${SERVER}/seed`, `${SERVER}/app.ts`, `${SERVER}/runtime.ts`],
    message: 'db/ knows no feature: code that goes through features lives above them (seed/).',
  },
  {
    target: `${SERVER}/features`,
    from: [`${SERVER}/app.ts`, `${SERVER}/runtime.ts`, `${SERVER}/seed`],
    message: 'Features do not import app.ts: shared app types are in platform/app-types.ts.',
  },
  ...serverFeatures.map((feature) => ({
    target: `${SERVER}/features/${feature}/**`,
    from: `${ROOT}/${SERVER}/features/!(${feature})/**`,
    except: ['**/service.ts', '**/repo.ts', '**/policy.ts', '**/presenter.ts'],
    message: `Another feature is reached through its service.ts, repo.ts, policy.ts or presenter.ts only.`,
  })),
];
const webZones = [
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/hooks`],
    from: `${WEB}/features`,
    message: 'Shared SPA code knows no feature.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features do not import the router (app/), which imports them.',
  },
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}/**`,
    from: `${ROOT}/${WEB}/features/!(${feature})/pages/**`,
    message: 'Pages are reached through the router, never imported by another feature.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'var/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      // The contract's root pulls in zod: the SPA takes values from zod-free subpaths so that
      // the home page does not ship the schema library.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@dynaloop/contract',
              message:
                'Import values from @dynaloop/contract/{constants,messages,stats,endpoints,model-input}, or zod schemas from @dynaloop/contract/schemas in lazily loaded pages only; types from the root are fine.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x parses to follow imports (TypeScript sources included).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver': {
        typescript: {
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/*/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      // Import cycles make load order matter and hide layering mistakes.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: serverZones }],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${WEB}/test/**`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones }],
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      '.ci/**',
      'apps/server/build.mjs',
      'apps/server/src/main.ts',
      'apps/server/src/cli/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
