import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { loadEntryAfterPaint } from './build-plugins/load-entry-after-paint.ts'
import { compactQueries } from './build-plugins/compact-queries.ts'
import { evaluateInTasks } from './build-plugins/evaluate-in-tasks.ts'
import { plainDynamicImports } from './build-plugins/plain-dynamic-imports.ts'

/** The local stack's server (npm start) answers content and sign-up calls; dev proxies to it. */
const apiServer = process.env.DEV_API_URL ?? 'http://127.0.0.1:3000'

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    // The browser's build only: its text files get .br and .gz twins, which the server sends by
    // the browser's Accept-Encoding (server/site/site-routes.ts). The prerender bundle needs none.
    ...(isSsrBuild
      ? []
      : [
          compactQueries(),
          plainDynamicImports(),
          loadEntryAfterPaint(),
          evaluateInTasks(),
          compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.html$/ }),
        ]),
  ],
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: `${import.meta.dirname}/build-plugins/use-sync-external-store.ts` },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the page supports preloads modules itself; the polyfill would cost every visitor bytes.
    modulePreload: false,
    // The browser's entry carries V8's explicit compile hint: its functions are compiled while it
    // streams in, off the main thread, instead of one by one as its evaluation first calls them (29
    // bytes compressed; docs/decisions/0040-no-long-task-while-the-page-loads.md). After minification,
    // which drops comments. The prerender's bundle, loaded once by Node, has no use for it.
    // ASCII only: three characters over U+00FF in the copy's fallbacks (— ’ →) made the browser keep
    // the whole script as two-byte text, which every pass over its source then reads twice over
    // (docs/decisions/0057-one-byte-script-text.md); escaped, they cost 118 bytes compressed.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { charset: 'ascii', postBanner: (chunk) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad' : '') } },
  },
  // The content check's worker (docs/decisions/0087-content-checked-off-the-page-thread.md): one-byte text too.
  worker: { rolldownOptions: { output: { charset: 'ascii' } } },
  // The prerender takes everything it imports inside it, React included, built for production: the
  // server renders with React's production build whatever NODE_ENV its process was started with
  // (`npm run serve` sets none; docs/decisions/0063-production-react-in-the-prerender.md). Left to
  // Node, react-dom/server picked its development build at run time, and styled-components its
  // development checks. (styled-components' Node entry is CommonJS besides, whose default export
  // Node's ESM loader does not unwrap: `styled.div is not a function`.)
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: {
      '^/v\\d[^/]*/data': apiServer,
      '/images': apiServer,
      '/rest': apiServer,
      '/functions': apiServer,
    },
  },
}))
