/**
 * What a section component gets: its anchor id on the page (`features`, `features-2` for a second one)
 * and its copy, as its kind's resolver makes it (`SectionProps<typeof resolveHero>`).
 */
export interface SectionProps<Resolve extends (...args: never[]) => unknown> {
  id: string
  copy: ReturnType<Resolve>
}
