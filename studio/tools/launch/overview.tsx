import { useState, type ReactNode } from 'react'
import { Card, Flex, Grid, Heading, Select, Stack, Text, TextInput } from '@sanity/ui'
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import useSWR from 'swr'
import type { LaunchApi, PageBreakdown, Report, ReportFilters } from './launch-api.ts'
import { launchCopy as copy } from './launch-copy.ts'
import { LoadError } from './load-error.tsx'
import { change, lastDays, percent } from './launch-dates.ts'
import { REFRESH_MS } from './refresh.ts'

const RANGES = [7, 30, 90] as const
const METRICS = ['visitors', 'page_views', 'form_starts', 'signups', 'confirmations', 'removals'] as const
const CHART_LINES = [
  { key: 'visitors', color: '#4338ca' },
  { key: 'form_starts', color: '#0891b2' },
  { key: 'signups', color: '#16a34a' },
  { key: 'confirmations', color: '#ca8a04' },
] as const

/** The numbers of the launch: totals against the previous period, per day, the funnel, pages, sources and campaigns. */
export function Overview({ api }: { api: LaunchApi }) {
  // A number of days up to today, or 0 for the range typed in below.
  const [days, setDays] = useState<number>(30)
  const [chosen, setChosen] = useState(() => lastDays(30))
  const [filters, setFilters] = useState<ReportFilters>({})
  const { from, to } = days > 0 ? lastDays(days) : chosen
  const { data: report, error } = useSWR(['report', from, to, JSON.stringify(filters)], () => api.report(from, to, filters), {
    refreshInterval: REFRESH_MS,
    keepPreviousData: true,
  })
  const setFilter = (name: keyof ReportFilters, value: string) =>
    setFilters(({ [name]: _dropped, ...others }) => (value ? { ...others, [name]: value } : others))

  return (
    <Stack gap={4}>
      <Flex gap={3} wrap="wrap" align="flex-end">
        <Labelled label={copy.range}>
          <Select value={String(days)} onChange={(event) => setDays(Number(event.currentTarget.value))}>
            {RANGES.map((n) => (
              <option key={n} value={n}>
                {copy.days(n)}
              </option>
            ))}
            <option value={0}>{copy.chosenRange}</option>
          </Select>
        </Labelled>
        {days === 0 ? (
          <>
            <Labelled label={copy.from}>
              <TextInput
                type="date"
                value={chosen.from}
                max={chosen.to}
                onChange={(event) => event.currentTarget.value && setChosen({ ...chosen, from: event.currentTarget.value })}
              />
            </Labelled>
            <Labelled label={copy.to}>
              <TextInput
                type="date"
                value={chosen.to}
                min={chosen.from}
                onChange={(event) => event.currentTarget.value && setChosen({ ...chosen, to: event.currentTarget.value })}
              />
            </Labelled>
          </>
        ) : null}
        <FilterSelect
          label={copy.filters.language}
          value={filters.language}
          options={['pt', 'en']}
          onChange={(v) => setFilter('language', v)}
        />
        <FilterSelect
          label={copy.filters.device}
          value={filters.device}
          options={['phone', 'tablet', 'desktop']}
          onChange={(v) => setFilter('device', v)}
        />
        <FilterSelect
          label={copy.filters.source}
          value={filters.source}
          options={report?.by_source.map((row) => row.source) ?? []}
          onChange={(v) => setFilter('source', v)}
        />
        <FilterSelect
          label={copy.filters.campaign}
          value={filters.campaign}
          options={report?.by_campaign.map((row) => row.campaign) ?? []}
          onChange={(v) => setFilter('campaign', v)}
        />
        <FilterSelect
          label={copy.filters.page}
          value={filters.page}
          options={report?.by_page.map((row) => row.page) ?? []}
          labelOf={(id) => pageName(report?.by_page.find((row) => row.page === id) ?? { page: id, title: {} })}
          onChange={(v) => setFilter('page', v)}
        />
        <Labelled label={copy.filters.entry_page}>
          <TextInput
            value={filters.entry_page ?? ''}
            placeholder="/"
            onChange={(event) => setFilter('entry_page', event.currentTarget.value.trim())}
          />
        </Labelled>
      </Flex>
      {error ? <LoadError error={error} /> : null}
      {report ? <ReportView report={report} /> : null}
    </Stack>
  )
}

function ReportView({ report }: { report: Report }) {
  return (
    <Stack gap={5}>
      <Grid gridTemplateColumns={[2, 3, 6]} gap={3}>
        {METRICS.map((metric) => (
          <Total key={metric} metric={metric} now={report.totals[metric]} before={report.previous.totals[metric] ?? null} />
        ))}
      </Grid>
      <Stack gap={3}>
        <Heading as="h2" size={1}>
          {copy.perDay}
        </Heading>
        <Card padding={2} border radius={2} style={{ overflowX: 'auto' }}>
          <LineChart width={760} height={240} data={report.days} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {CHART_LINES.map(({ key, color }) => (
              <Line key={key} dataKey={key} name={copy.metrics[key]} stroke={color} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </Card>
      </Stack>
      <Stack gap={3}>
        <Heading as="h2" size={1}>
          {copy.funnel}
        </Heading>
        <Table
          label={copy.funnel}
          head={[copy.step, copy.count, copy.ofPrevious, copy.dropOff]}
          rows={report.funnel.map((step) => [
            copy.metrics[step.step as keyof typeof copy.metrics] ?? step.step,
            step.count ?? '—',
            percent(step.of_previous),
            step.drop_off ?? '—',
          ])}
        />
      </Stack>
      <Stack gap={3}>
        <Heading as="h2" size={1}>
          {copy.byPage}
        </Heading>
        <Table
          label={copy.byPage}
          head={[
            copy.filters.page,
            copy.pageAddresses,
            copy.metrics.visitors,
            copy.metrics.form_starts,
            copy.metrics.signups,
            copy.conversion,
          ]}
          rows={report.by_page.map((row) => [
            pageName(row),
            Object.values(row.paths).join(' · ') || copy.pageNotServed,
            row.visitors,
            row.form_starts,
            row.signups ?? '—',
            percent(row.conversion),
          ])}
        />
      </Stack>
      <Grid gridTemplateColumns={[1, 1, 2]} gap={4}>
        <Stack gap={3}>
          <Heading as="h2" size={1}>
            {copy.bySource}
          </Heading>
          <Table
            label={copy.bySource}
            head={[copy.filters.source, copy.metrics.visitors, copy.metrics.signups, copy.conversion]}
            rows={report.by_source.map((row) => [row.source, row.visitors, row.signups, percent(row.conversion)])}
          />
        </Stack>
        <Stack gap={3}>
          <Heading as="h2" size={1}>
            {copy.byCampaign}
          </Heading>
          <Table
            label={copy.byCampaign}
            head={[copy.filters.campaign, copy.metrics.visitors, copy.metrics.signups, copy.conversion]}
            rows={report.by_campaign.map((row) => [row.campaign, row.visitors, row.signups, percent(row.conversion)])}
          />
        </Stack>
      </Grid>
    </Stack>
  )
}

function Total({ metric, now, before }: { metric: (typeof METRICS)[number]; now: number | null; before: number | null }) {
  const moved = change(now, before)
  return (
    <Card padding={3} radius={2} border role="group" aria-label={copy.metrics[metric]}>
      <Stack gap={3}>
        <Text size={1} muted>
          {copy.metrics[metric]}
        </Text>
        <Text size={4} weight="semibold">
          {now ?? '—'}
        </Text>
        <Text size={1} muted>
          {now === null ? copy.notUnderEntryPage : `${copy.previous}: ${before ?? 0}${moved ? ` (${moved})` : ''}`}
        </Text>
      </Stack>
    </Card>
  )
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} as="label">
      <Text size={1} weight="medium">
        {label}
      </Text>
      {children}
    </Stack>
  )
}

/** A page as the team knows it: its title (in English if it has one), else its document id. */
function pageName({ page, title }: Pick<PageBreakdown, 'page' | 'title'>): string {
  return title.en ?? title.pt ?? page
}

function FilterSelect(props: {
  label: string
  value: string | undefined
  options: string[]
  /** What an option reads as, when its value is an id. */
  labelOf?: (option: string) => string
  onChange: (value: string) => void
}) {
  const options = props.value && !props.options.includes(props.value) ? [props.value, ...props.options] : props.options
  return (
    <Labelled label={props.label}>
      <Select value={props.value ?? ''} onChange={(event) => props.onChange(event.currentTarget.value)}>
        <option value="">{copy.any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {props.labelOf?.(option) ?? option}
          </option>
        ))}
      </Select>
    </Labelled>
  )
}

/** A plain table, readable by screen readers, in the Studio's type. */
export function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Card border radius={2} style={{ overflowX: 'auto' }}>
      <table aria-label={label} style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} style={{ textAlign: 'left', padding: 8 }}>
                <Text size={1} weight="semibold">
                  {cell}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column} style={{ padding: 8, verticalAlign: 'middle' }}>
                  {typeof cell === 'string' || typeof cell === 'number' ? <Text size={1}>{cell}</Text> : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}
