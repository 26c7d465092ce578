// Run by production-react.spec.ts in a process of its own, started as `npm run serve` starts the server
// (no NODE_ENV): the build's renderer renders `/` as the server does, then this prints every CommonJS
// module the process has loaded, one a line. React's packages are CommonJS: a development build of
// theirs that the render loaded is among them.
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { loadPageRenderer } from '../../server/site/page-renderer.ts'

const renderer = await loadPageRenderer(resolve(process.argv[2] ?? 'dist'))
const page = renderer.render({
  path: '/',
  preferredLocale: 'pt',
  content: undefined,
  config: {
    siteUrl: 'http://127.0.0.1',
    captcha: false,
    sanity: { projectId: 'local', dataset: 'production', apiVersion: '2025-02-19', apiHost: '' },
    supabase: { url: 'http://127.0.0.1', anonKey: 'local-anon-key' },
  },
})
if (page.status !== 200) throw new Error(`the render answered ${page.status}`)
console.log(Object.keys(createRequire(import.meta.url).cache).join('\n'))
