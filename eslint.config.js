import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Dependencies point one way: schemas ← web, studio, server; supabase ← server. Nothing imports e2e. */
const boundaries = (from, forbidden) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((folder) => ({
          group: [`**/${folder}/**`],
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
  boundaries('web', ['server', 'studio', 'supabase', 'e2e']),
  boundaries('supabase', ['web', 'server', 'studio', 'e2e']),
  boundaries('server', ['studio', 'e2e']),
)
