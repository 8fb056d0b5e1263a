import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Server areas (apps/server/src/modules/<area>/) are imported from outside only through their public
// file, modules/<area>/index.ts: a path into an area's folder is refused, a path to the folder is fine.
// A new area is covered without editing these rules.
const AREA_MESSAGE = "Import another area through its public file (modules/<area>/index.ts), e.g. '../orders'.";
/** A path through `modules/` into an area's folder; `except` names files of the area that stay allowed. */
const intoArea = (except = []) => ({
  regex: `(^|/)modules/[^/]+/${except.length ? `(?!(${except.join('|')})$)` : ''}`,
  message: AREA_MESSAGE,
});
/** From a file `depth` folders below modules/<area>/, a relative path into a sibling area's folder. */
const intoSiblingArea = (depth) => ({ regex: `^${'\\.\\./'.repeat(depth + 1)}[^./][^/]*/`, message: AREA_MESSAGE });
const areaRule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
// Tests and their kits set up and inspect state across areas; the seed writes every area's tables and
// simulate.ts plays a channel. None of them is part of the app's import graph.
const OUTSIDE_THE_APP = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*-test-kit.ts', 'apps/server/src/test/**', 'apps/server/src/seed/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**', 'apps/web/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // process.env is read in one place only.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/test/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/seed/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/config.ts.' }],
    },
  },
  {
    files: ['apps/server/{src,bench}/**/*.ts'],
    ignores: [...OUTSIDE_THE_APP, 'apps/server/src/app.ts', 'apps/server/src/modules/*/**'],
    rules: areaRule(intoArea()),
  },
  {
    // The composition root registers each area's routes file.
    files: ['apps/server/src/app.ts'],
    rules: areaRule(intoArea(['routes'])),
  },
  {
    // A file past 300 lines does several things: split it by role (a page into a hook and components,
    // a grab-bag queries.ts into access rules, read model and lists). Lines are counted as `wc -l`
    // counts them (blank lines and comments included): one number everyone can check, and a long
    // comment is as much to read as code. A warning, not an error: it says when a file passes the
    // limit without blocking the commit that does. Tests and specs count too (a long one is split by
    // topic, its shared setup in the area's kit); only data tables are not counted.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['apps/server/src/seed/*-data.ts'],
    rules: { 'max-lines': ['warn', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  // Inside an area, `../<other>/…` from its top folder (`../../<other>/…` one folder down) is another area.
  ...[0, 1, 2].map((depth) => ({
    files: [`apps/server/src/modules/*/${'*/'.repeat(depth)}*.ts`],
    ignores: OUTSIDE_THE_APP,
    rules: areaRule(intoArea(), intoSiblingArea(depth)),
  })),
);
