/**
 * The offline Launch page (studio/tools/launch/offline), built into dist/launch: the tool's own
 * components for where no Studio runs. Its HTML carries the response's style nonce, which
 * styled-components (under @sanity/ui) stamps on the styles it inserts; nothing here is personal,
 * the data comes from the tool's API once the page holds a credential.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

export const launchPageRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const root = join(distDir, 'launch')
  const template = await readFile(join(root, 'index.html'), 'utf8').catch(() => undefined)
  if (!template) {
    app.log.info('the offline Launch page is not built (npm run build): /launch/ is not offered')
    return
  }
  await app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/launch/assets/',
    index: false,
    wildcard: false,
    preCompressed: true,
    // Fingerprinted by the build: never revalidated.
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
  })
  app.get('/launch/', async (_request, reply) => {
    const nonce = reply.cspNonce.style
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(template.replace('<!--launch-nonce-->', `<meta property="csp-nonce" nonce="${nonce}">`))
  })
  app.get('/launch', async (_request, reply) => reply.redirect('/launch/', 301))
}
