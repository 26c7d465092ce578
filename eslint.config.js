import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * Dependencies point one way: schemas ← web, studio, server; supabase ← server. Nothing imports e2e.
 * Only relative imports are folders of ours (a package path such as altcha-lib/algorithms/web/… is not).
 * `allowed` names the few files a folder may import across a boundary, each a deliberate exception.
 */
const boundaries = (from, forbidden, allowed = []) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((folder) => ({
          regex: `^\\.{1,2}/(?:.*/)?${folder}/(?!${allowed.map((file) => file.replace(/[.]/g, '\\.')).join('|') || '$^'}$)`,
          message: `${from}/ must not import from ${folder}/.`,
        })),
      },
    ],
  },
})

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
  boundaries('schemas', ['web', 'server', 'studio', 'supabase', 'e2e']),
  // The address rule is one runtime-free file the form shares with the function and the database
  // (docs/decisions/0017-one-address-rule.md), and so are the rules of a visit's source and device
  // class, which the sign-up code applies as the server does (docs/decisions/0045-sign-up-attribution.md);
  // nothing else of supabase/ reaches the browser.
  boundaries(
    'web',
    ['server', 'studio', 'supabase', 'e2e'],
    ['functions/_shared/email-address.ts', 'functions/_shared/visit-source.ts', 'functions/_shared/device-class.ts'],
  ),
  boundaries('supabase', ['web', 'server', 'studio', 'e2e']),
  boundaries('server', ['studio', 'e2e']),
)
