// The alerts docs/operations.md recommends, read from its ```promql blocks: each parses as PromQL
// (the Prometheus project's own grammar) and names only metrics this server exposes, so a metric
// renamed here cannot leave an alert that silently never fires.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parser } from '@prometheus-io/lezer-promql'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { createMetrics } from './metrics.ts'
import { registerScrapedGauges } from './scraped-gauges.ts'

const operations = readFileSync(resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8')
const alerts = [...operations.matchAll(/```promql\n([\s\S]*?)```/g)].map((match) => (match[1] ?? '').trim())

/** Every series name the server's registry can expose: a histogram's under its three suffixes. */
function exposedNames(): Set<string> {
  const { registry } = createMetrics()
  registerScrapedGauges(
    registry,
    { outboxDepth: async () => [], pools: () => [], newestBackup: async () => undefined },
    pino({ level: 'silent' }),
  )
  return new Set(
    registry
      .getMetricsAsArray()
      .flatMap(({ name, type }) =>
        String(type) === 'histogram' ? ['_bucket', '_count', '_sum'].map((end) => name + end) : [name],
      ),
  )
}

function read(expression: string) {
  const errors: string[] = []
  const metrics: string[] = []
  parser.parse(expression).iterate({
    enter(node) {
      if (node.type.isError) errors.push(expression.slice(Math.max(0, node.from - 10), node.to + 10))
      if (node.name === 'Identifier') metrics.push(expression.slice(node.from, node.to))
    },
  })
  return { errors, metrics }
}

describe('the alerts of docs/operations.md', () => {
  const exposed = exposedNames()

  it('are there: the oldest welcome, an endpoint failing, backups older than a day', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(10)
    expect(alerts).toContain('max(pulso_outbox_oldest_pending_seconds{kind="welcome"}) > 300')
    expect(alerts).toContain('time() - pulso_backup_last_success_timestamp_seconds > 86400')
    expect(alerts.some((alert) => alert.includes('pulso_http_request_duration_seconds_count{status="5xx"}'))).toBe(true)
  })

  it.each(alerts)('%s parses and names exposed metrics only', (alert) => {
    const { errors, metrics } = read(alert)
    expect(errors).toEqual([])
    expect(metrics.length).toBeGreaterThan(0)
    expect(metrics.filter((name) => !exposed.has(name))).toEqual([])
  })

  it('tells a wrong expression and an unknown metric apart from a right one', () => {
    expect(read('sum(rate(pulso_signups_total[5m]) >').errors).not.toEqual([])
    expect(exposed.has('pulso_signups_total')).toBe(true)
    expect(exposed.has('pulso_sign_ups_total')).toBe(false)
  })
})
