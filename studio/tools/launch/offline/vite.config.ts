// The offline Launch page's own build (dist/launch), apart from the landing page's: nothing of the
// tool reaches the page's script, and nothing of the page this one's.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: '/launch/',
  // Its text files get .br and .gz twins, as the page's do (server/operator/launch-page-routes.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.html$/ })],
  build: {
    outDir: fileURLToPath(new URL('../../../../dist/launch', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2_000,
  },
})
