import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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
                'Import values from @dynaloop/contract/{constants,messages,stats,endpoints}, or zod schemas from @dynaloop/contract/schemas in lazily loaded pages only; types from the root are fine.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
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
