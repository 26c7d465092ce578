import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * Dependencies point one way: schemas ← web, studio, server; supabase ← server. Nothing imports e2e.
 * Test and benchmark support lives in test/: the shipped trees' own code never imports it, nor a
 * test runner; their tests, which sit beside the code, may.
 * Only relative imports are folders of ours (a package path such as altcha-lib/algorithms/web/… is not).
 * `allowed` names the few files a folder may import across a boundary, each a deliberate exception.
 */
const TESTS = ['**/*.test.{ts,tsx}']
const TEST_RUNNERS = ['vitest', 'msw', '@testing-library/*', '@playwright/test']
const folderPatterns = (from, forbidden, allowed) =>
  forbidden.map((folder) => ({
    regex: `^\\.{1,2}/(?:.*/)?${folder}/(?!${allowed.map((file) => file.replace(/[.]/g, '\\.')).join('|') || '$^'}$)`,
    message: `${from}/ must not import from ${folder}/.`,
  }))
/** The rules for a folder's own code and for its tests; `extra` adds patterns of a layer inside it. */
const importRules = (files, patterns, extra = []) => [
  {
    files,
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...patterns.shipped,
            ...extra,
            { group: TEST_RUNNERS, message: 'Only tests import a test runner or its helpers.' },
          ],
        },
      ],
    },
  },
  {
    files: files.map((glob) => glob.replace(/\*\.\{ts,tsx\}$/, '*.test.{ts,tsx}')),
    rules: { 'no-restricted-imports': ['error', { patterns: [...patterns.tests, ...extra] }] },
  },
]
const boundaries = (from, forbidden, allowed = [], layers = []) => {
  const patterns = {
    shipped: folderPatterns(from, [...forbidden, 'test'], allowed),
    tests: folderPatterns(from, forbidden, allowed),
  }
  return [
    ...importRules([`${from}/**/*.{ts,tsx}`], patterns),
    ...layers.flatMap((layer) => importRules(layer.files, patterns, layer.patterns)),
  ]
}
/**
 * Inside web/src: app/ composes the page from features/ (each a folder that imports only itself
 * and shared/), and shared/ imports neither.
 */
const webLayers = [
  {
    files: ['web/src/shared/**/*.{ts,tsx}'],
    patterns: [
      { regex: '^(?:\\.\\./)+(?:app|features)/', message: 'shared/ is the bottom layer: it imports neither app/ nor a feature.' },
    ],
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    patterns: [
      { regex: '^\\.\\./(?!\\.\\./)', message: 'A feature imports only itself and shared/; app/ composes features.' },
      { regex: '^\\.\\./\\.\\./app/', message: 'A feature never imports app/, which imports it.' },
    ],
  },
]

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.sanity/', 'schemas/sanity.types.ts', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...boundaries('schemas', ['web', 'server', 'studio', 'supabase', 'e2e']),
  // The address rule is one runtime-free file the form shares with the function and the database
  // (docs/decisions/0017-one-address-rule.md), and so are the rules of a visit's source and device
  // class, which the sign-up code applies as the server does (docs/decisions/0042-sign-up-attribution.md),
  // and the content parsers' runtime, which the page's generated parsers share with the mail's
  // (docs/decisions/0062-content-parsed-where-it-enters.md); nothing else of supabase/ reaches the browser.
  ...boundaries(
    'web',
    ['server', 'studio', 'supabase', 'e2e'],
    [
      'functions/_shared/welcome/email-address.ts',
      'functions/_shared/analytics/visit-source.ts',
      'functions/_shared/analytics/device-class.ts',
      'functions/_shared/content/content-parser.ts',
    ],
    webLayers,
  ),
  ...boundaries('supabase', ['web', 'server', 'studio', 'e2e']),
  ...boundaries('server', ['studio', 'e2e']),
)
