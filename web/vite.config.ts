import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/** The local stack's server (npm start) answers content and sign-up calls; dev proxies to it. */
const apiServer = process.env.DEV_API_URL ?? 'http://127.0.0.1:3000'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
  },
  ssr: {
    // Its Node entry is CommonJS, whose default export Node's ESM loader does not unwrap
    // (`styled.div is not a function`); bundling it gives the same ESM build the browser gets.
    noExternal: ['styled-components'],
  },
  server: {
    proxy: {
      '^/v\\d[^/]*/data': apiServer,
      '/images': apiServer,
      '/rest': apiServer,
      '/functions': apiServer,
    },
  },
})
