// `npm run bench -- render [distDir]`: what one prerender of `/` costs the server, as a page not kept
// yet costs it (a new version of the content, a new set of experiment arms, a link page): the build's
// renderer (`npm run build` first; another build's directory as the second argument) fed the seed's
// content as the server checks it, timed render by render after a warm-up, in this process, which
// `npm run bench` starts as `npm run serve` starts the server: without NODE_ENV.
import { resolve } from 'node:path'
import { loadConfig } from '../server/config.ts'
import { publicConfigOf } from '../server/app.ts'
import { createLocalDatasetSource } from '../server/sanity/local-dataset.ts'
import { localPageContent } from '../server/site/page-content.ts'
import { loadPageRenderer } from '../server/site/page-renderer.ts'
import { HOME_PAGE_ID } from '../schemas/page-paths.ts'
import { percentile } from './stats.ts'

const RENDERS = Number(process.env.BENCH_RENDERS ?? 300)
const WARM_UP = 50

export const RENDER_HEADER = `One prerender of / (pt), ${RENDERS} after ${WARM_UP} to warm up: wall time per render (ms), this process's CPU per render (ms)`

export async function renderRun(distDir = 'dist') {
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const dataset = createLocalDatasetSource({ seedDir: resolve(config.seedDir), projectId: 'local', dataset: 'production' })
  const content = await localPageContent(dataset, () => undefined)(HOME_PAGE_ID)
  const renderer = await loadPageRenderer(resolve(distDir))
  const request = { path: '/', preferredLocale: 'pt' as const, content, config: publicConfigOf(config) }

  const coldStart = performance.now()
  const { html } = renderer.render(request)
  const cold = performance.now() - coldStart
  for (let i = 0; i < WARM_UP; i++) renderer.render(request)

  const times: number[] = []
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now()
    renderer.render(request)
    times.push(performance.now() - start)
  }
  const cpu = process.cpuUsage(cpuBefore)
  const ms = (value: number) => value.toFixed(2).padStart(7)
  console.log(
    `  ${distDir}: first ${ms(cold)} · p50 ${ms(percentile(times, 0.5))} · p99 ${ms(percentile(times, 0.99))} · ` +
      `mean ${ms(times.reduce((sum, time) => sum + time, 0) / times.length)} · CPU ${ms((cpu.user + cpu.system) / 1000 / RENDERS)} · ` +
      `${(html.length / 1024).toFixed(1)} KiB of HTML`,
  )
}
