// @ts-check
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * zod's classic API (`zod`, `zod/v4`) as a value: each classic schema carries its JSON Schema conversion,
 * an English locale and every chain method, ~70 KB in any bundle it enters. Shared and server code and
 * the SPA build schemas with `z` from `#shared/zod` (zod/mini); types may still come from `zod`.
 */
const classicZod = {
  regex: '^zod(/v4)?$',
  allowTypeImports: true,
  message: 'Build schemas with `z` from #shared/zod (zod/mini): a classic zod schema adds ~70 KB to a bundle.',
};

/**
 * One lint for the whole repository. Server, infra, worker, shared, script and bench code also gets the
 * type-aware promise rules: a promise nobody awaits loses its error and its ordering, which the type
 * checker alone does not report. The cost is measured in docs/decisions.md; the web code stays
 * syntax-only (its own tsconfig would be a second program).
 */
export default defineConfig(
  globalIgnores(['**/dist/', 'cdk.out/', '.data/', 'coverage/', 'bench/results/', 'test-results/', 'test/artifacts/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  comments.recommended,
  {
    rules: {
      // A disable comment says why on the same line: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/first': 'error',
      'import-x/newline-after-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-absolute-path': 'error',
      'import-x/no-empty-named-blocks': 'error',
      'import-x/no-mutable-exports': 'error',
      'import-x/no-extraneous-dependencies': 'error',
      // Costs under a second for the whole repository (measured); a cycle breaks module init order.
      'import-x/no-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // `const { PK, SK, ...rest } = item` is how a record drops its storage keys.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['{functions,infra,rank-worker,shared,scripts,bench}/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Tests, benches and scripts read the API's JSON and CDK templates as untyped data on purpose.
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{ts,mts,js,mjs}'],
    ignores: ['web/src/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [classicZod] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The plugin's recommended set (rules of hooks plus the React Compiler's checks: purity, refs,
      // state set in effects or render, ...); its warnings are errors here, so none piles up unread.
      ...Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
      // The web names routes through `api.call` and reads the contract as types only: its schemas and
      // route objects (every group's) would otherwise enter the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^#shared|/shared)/contract(/|$)',
              allowTypeImports: true,
              message: 'Import the contract with `import type` in web code (api.call reads the route key).',
            },
            classicZod,
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message:
            "vi.waitFor gives up after 1 s, which a render on the loaded test machine misses: use testing-library's " +
            'waitFor (its timeout is set for this machine in test/support/web-setup.ts).',
        },
      ],
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['web/src/**/*.tsx'] },
  {
    files: ['web/src/**/*.tsx'],
    rules: {
      // A scrolling chat log takes the focus so keys can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'log'], allowExpressionValues: true },
      ],
    },
  },
  prettier,
);
