import type { Locale } from '../../schemas/locales.ts'
import { resolvePageCopy, type PageContent } from '../../web/src/shared/content/page-copy.ts'
import {
  resolveCta,
  resolveFeatures,
  resolveFreeTrial,
  resolveHero,
  resolvePlatform,
  resolveResults,
  resolveTestimonials,
  resolveUseCases,
  resolveWorkflow,
} from '../../web/src/shared/content/section-copy.ts'
import { block } from './content-fixtures.ts'

/** The resolvers of the kinds the home page's first script draws, by kind. */
const resolvers = {
  hero: resolveHero,
  workflow: resolveWorkflow,
  useCases: resolveUseCases,
  results: resolveResults,
  features: resolveFeatures,
  platform: resolvePlatform,
  testimonials: resolveTestimonials,
  cta: resolveCta,
  freeTrial: resolveFreeTrial,
}

type HomeKind = keyof typeof resolvers

/**
 * The copy the home page shows for its first section of `kind` in `locale`, as its renderer resolves it
 * (app/section-registry.ts); a kind the page lacks resolves from its fallbacks alone.
 */
export function sectionCopy<Kind extends HomeKind>(
  content: PageContent | undefined,
  locale: Locale,
  kind: Kind,
): ReturnType<(typeof resolvers)[Kind]> {
  const page = resolvePageCopy(content, locale, true)
  const section = page.sections.find((each) => each.kind === kind)
  const resolve = resolvers[kind] as (block: unknown, context: typeof page.context) => ReturnType<(typeof resolvers)[Kind]>
  return resolve(section?.block ?? block(kind), page.context)
}
