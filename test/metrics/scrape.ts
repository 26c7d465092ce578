// Test helper: `GET /metrics` read as Prometheus reads it, through a text-format parser, and one
// sample's value looked up by its name and labels.
import parsePrometheusTextFormat, { type Family, type Sample } from 'parse-prometheus-text-format'

export interface Scrape {
  families: Family[]
  /** The sample of `name` whose labels include `labels` (0 when there is none); for a histogram, its count. */
  value(name: string, labels?: Record<string, string>): number
  /** Every sample of `name` (a histogram's: one per series, with its count). */
  samples(name: string): Sample[]
}

/**
 * The parser keeps one sample per histogram, whatever its labels (parse-prometheus-text-format
 * 1.1.1 merges a labelled histogram's series): each histogram's `_count` lines are read again, by
 * the same parser, as a counter of their own, one sample per series.
 */
function histogramCounts(text: string, families: Family[]): Map<string, Sample[]> {
  const lines = text.split('\n')
  const counts = new Map<string, Sample[]>()
  for (const { name } of families.filter((family) => family.type === 'HISTOGRAM')) {
    const series = lines.filter((line) => line.startsWith(`${name}_count{`) || line.startsWith(`${name}_count `))
    const [family] = parsePrometheusTextFormat([`# TYPE ${name}_count counter`, ...series, ''].join('\n'))
    counts.set(name, family?.metrics ?? [])
  }
  return counts
}

export function readScrape(text: string): Scrape {
  const families = parsePrometheusTextFormat(text)
  const histograms = histogramCounts(text, families)
  const samples = (name: string) => histograms.get(name) ?? families.find((family) => family.name === name)?.metrics ?? []
  return {
    families,
    samples,
    value(name, labels = {}) {
      const sample = samples(name).find((candidate) =>
        Object.entries(labels).every(([label, wanted]) => candidate.labels?.[label] === wanted),
      )
      return Number(sample?.value ?? 0)
    },
  }
}

/** Scrapes `baseUrl` from this machine (loopback), failing unless the answer is 200. */
export async function scrape(baseUrl: string): Promise<Scrape> {
  const response = await fetch(`${baseUrl}/metrics`)
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`)
  return readScrape(await response.text())
}
