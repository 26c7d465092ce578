/**
 * The offline Launch page (studio/tools/launch/offline), built into dist/launch: the tool's own
 * components for where no Studio runs. Its script is a file of the site; styled-components (under
 * @sanity/ui) adds its styles through the CSSOM into empty tags, which the page's policy allows by
 * the empty text's hash. Nothing here is personal, the data comes from the tool's API once the
 * page holds a credential.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { inlineSources } from '../site/inline-sources.ts'
import { allowInlineSources } from '../site/security-headers.ts'

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
  const sources = inlineSources(template)
  app.get('/launch/', async (_request, reply) => {
    allowInlineSources(reply, sources)
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(template)
  })
  app.get('/launch', async (_request, reply) => reply.redirect('/launch/', 301))
}
