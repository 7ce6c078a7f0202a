import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web's layers: a folder under src/web is one element; each feature is its own element. */
const WEB_LAYERS = [
  { type: 'app', pattern: ['src/web/app', 'src/web/routes'] },
  { type: 'feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'shared', pattern: ['src/web/components', 'src/web/lib', 'src/web/stores'] },
  { type: 'test-support', pattern: 'src/web/test-support' },
  // Code and texts the server shares with the web (schemas, paths, constants, catalogues).
  { type: 'common', pattern: ['src/shared', 'src/locales'] },
  // Last, so that it takes only what no folder above took: root.tsx, routes.ts, the entries.
  { type: 'app', pattern: 'src/web' },
];

const below = { app: ['app', 'feature', 'shared', 'common'], feature: ['shared', 'common'], shared: ['shared', 'common'] };
const WEB_LAYER_POLICIES = [
  ...Object.entries(below).map(([from, to]) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } })),
  { from: { element: { type: 'common' } }, allow: { to: { element: { type: 'common' } } } },
  { from: { element: { type: 'test-support' } }, allow: { to: { element: { types: { anyOf: ['app', 'shared', 'common', 'test-support'] } } } } },
  { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'test-support' } } } },
];

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'data/', 'tmp/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // bulletproof-react: the web never imports server code; it reaches the server through the API client.
      'no-restricted-imports': ['error', { patterns: [{ group: ['../server/*', '../../server/*', '../../../server/*', '../../../../server/*'], message: 'The web must not import server code.' }] }],
      // MUI 9 dropped the system props: a palette path in a `color` prop (`color="text.secondary"`) is
      // accepted by the types and silently drawn in the default colour. Typography takes the palette's names.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='color'] Literal[value=/\\./]",
          message: 'MUI 9 reads no palette path in a `color` prop: use its name (`textSecondary`, `success`) or `sx={{ color: … }}`.',
        },
      ],
    },
  },
  {
    // bulletproof-react's one-way flow, as a rule (STYLE.md 3, 25): the app (root, shell, route modules)
    // composes features; a feature uses the shared layers and never another feature; the shared layers
    // (components, lib, stores) use only each other. Tests may also use the test support.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/include': ['src/web/**/*', 'src/shared/**/*', 'src/locales/**/*'],
      'boundaries/elements': WEB_LAYERS,
      'boundaries/files': [{ category: 'test', pattern: ['src/web/**/*.test.{ts,tsx}'] }],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': ['error', { default: 'disallow', policies: WEB_LAYER_POLICIES }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
