import type { PageQueryResult } from '../../../../schemas/sanity.types.ts'
import type { Locale } from '../../../../schemas/locales.ts'
import type { SectionId, SectionType } from '../../../../schemas/page-sections.ts'
import { featureIcons, type FeatureIcon } from '../../../../schemas/feature-icons.ts'
import { integrationCategories } from '../../../../schemas/integration-categories.ts'
import type { FallbackCopy } from './fallbacks.ts'
import type { FormCopy } from './page-copy.ts'
import { localize, localizeList, type LocalizedText } from './localize.ts'

/** A section of a page as the query gives it: its kind's own fields, what it shares dereferenced. */
export type SectionBlock = NonNullable<NonNullable<PageQueryResult['page']>['sections']>[number]
export type BlockOf<Id extends SectionId> = Extract<SectionBlock, { _type: SectionType<Id> }>
type Testimonial = NonNullable<BlockOf<'testimonials'>['testimonials']>[number]

/** Where a section's buttons lead on its page: its form, else the home page's (docs/product.md §3.4), and How it works, when it has one. */
export interface SectionLinks {
  form: string
  workflow: string | undefined
}

/** What resolving a section's copy needs besides its block: the reader's language, its fallbacks, the page's links and form. */
export interface SectionContext {
  locale: Locale
  fb: FallbackCopy
  links: SectionLinks
  form: FormCopy
}

export interface Photo {
  source: NonNullable<Testimonial['photo']>
  alt: string
  width: number
  height: number
}

/** The text in the reader's language, else the fallback. */
export const textOf = (value: LocalizedText, { locale }: SectionContext, fallback = '') => localize(value, locale) ?? fallback

/**
 * The copy of each section kind the page's first script draws, in one language, every field resolved:
 * content first, then the typed fallback; list items missing in the reader's language are left out
 * rather than shown empty. Kinds loaded only where a page has them resolve their own (features/<kind>/).
 */
export const resolveHero = (hero: BlockOf<'hero'>, context: SectionContext) => {
  const { fb, locale, links } = context
  const t = (value: LocalizedText, fallback?: string) => textOf(value, context, fallback)
  return {
    links,
    badge: t(hero.badge),
    headline: t(hero.headline, fb.heroHeadline),
    subheadline: t(hero.subheadline),
    oldWayTitle: t(hero.oldWayTitle, fb.heroOldWayTitle),
    oldWayPoints: localizeList(hero.oldWayPoints, locale),
    newWayTitle: t(hero.newWayTitle, fb.heroNewWayTitle),
    newWayPoints: localizeList(hero.newWayPoints, locale),
    primaryCta: t(hero.primaryCta, fb.heroPrimaryCta),
    secondaryCta: t(hero.secondaryCta, fb.heroSecondaryCta),
    trialNote: t(hero.trialNote),
  }
}

export const resolveWorkflow = (workflow: BlockOf<'workflow'>, context: SectionContext) => ({
  title: textOf(workflow.title, context, context.fb.workflowTitle),
  subtitle: textOf(workflow.subtitle, context),
  // Always three numbered steps, each falling back on its own.
  steps: [1, 2, 3].map((n) => {
    const step = workflow.steps?.[n - 1]
    return {
      key: step?._key ?? `step-${n}`,
      title: textOf(step?.title, context, context.fb.workflowStepTitle(n)),
      description: textOf(step?.description, context, context.fb.workflowStepDescription(n)),
    }
  }),
})

export const resolveUseCases = (useCases: BlockOf<'useCases'>, context: SectionContext) => ({
  title: textOf(useCases.title, context, context.fb.useCasesTitle),
  subtitle: textOf(useCases.subtitle, context),
  audiences: (useCases.audiences ?? []).flatMap((item) => {
    const audience = localize(item.audience, context.locale)
    const title = localize(item.title, context.locale)
    return audience && title
      ? [
          {
            key: item._key,
            audience,
            title,
            description: textOf(item.description, context),
            points: localizeList(item.points, context.locale),
          },
        ]
      : []
  }),
})

export const resolveResults = (results: BlockOf<'results'>, context: SectionContext) => ({
  title: textOf(results.title, context, context.fb.resultsTitle),
  subtitle: textOf(results.subtitle, context),
  statistics: (results.statistics ?? []).flatMap((stat) => {
    const label = localize(stat?.label, context.locale)
    const value = stat?.value?.trim()
    return stat && label && value ? [{ key: stat._id, value, label }] : []
  }),
})

export const resolveFeatures = (features: BlockOf<'features'>, context: SectionContext) => ({
  title: textOf(features.title, context, context.fb.featuresTitle),
  subtitle: textOf(features.subtitle, context),
  items: (features.items ?? []).flatMap((item) => {
    const title = localize(item.title, context.locale)
    return title
      ? [{ key: item._key, icon: toFeatureIcon(item.icon), title, description: textOf(item.description, context) }]
      : []
  }),
})

export const resolvePlatform = (platform: BlockOf<'platform'>, context: SectionContext) => ({
  title: textOf(platform.title, context, context.fb.platformTitle),
  subtitle: textOf(platform.subtitle, context),
  integrationsTitle: textOf(platform.integrationsTitle, context, context.fb.integrationsTitle),
  integrationGroups: integrationCategories.flatMap((category) => {
    const tools = (platform.integrations ?? []).flatMap((tool) =>
      tool.category === category && tool.name?.trim() ? [{ key: tool._key, name: tool.name.trim() }] : [],
    )
    const labels = { chat: platform.chatLabel, video: platform.videoLabel, team: platform.teamLabel }
    return tools.length > 0
      ? [{ category, label: textOf(labels[category], context, context.fb.integrationGroups[category]), tools }]
      : []
  }),
  securityTitle: textOf(platform.securityTitle, context, context.fb.securityTitle),
  securityPoints: localizeList(platform.securityPoints, context.locale),
})

export const resolveTestimonials = (testimonials: BlockOf<'testimonials'>, context: SectionContext) => ({
  title: textOf(testimonials.title, context, context.fb.testimonialsTitle),
  subtitle: textOf(testimonials.subtitle, context),
  items: (testimonials.testimonials ?? []).flatMap((item) => {
    const quote = localize(item?.quote, context.locale)
    const author = item?.author?.trim()
    return item && quote && author
      ? [{ key: item._id, quote, author, role: textOf(item.role, context), photo: toPhoto(item.photo, context.locale) }]
      : []
  }),
})

export const resolveCta = (cta: BlockOf<'cta'>, context: SectionContext) => ({
  links: context.links,
  title: textOf(cta.title, context, context.fb.ctaTitle),
  description: textOf(cta.description, context),
  buttonText: textOf(cta.buttonText, context, context.fb.ctaButton),
})

/** The free-trial section's own words; the form's are the page's (page-copy.ts), shared by every page. */
export const resolveFreeTrial = (freeTrial: BlockOf<'freeTrial'>, context: SectionContext) => ({
  form: context.form,
  title: textOf(freeTrial.title, context, context.fb.freeTrialTitle),
  subtitle: textOf(freeTrial.subtitle, context),
  benefits: localizeList(freeTrial.benefits, context.locale),
})

function toFeatureIcon(icon: string | null | undefined): FeatureIcon {
  return featureIcons.find((known) => known === icon) ?? 'insights'
}

function toPhoto(photo: Testimonial['photo'], locale: Locale): Photo | undefined {
  const dimensions = photo?.asset?.metadata?.dimensions
  if (!photo?.asset || !dimensions?.width || !dimensions.height) return undefined
  return {
    source: photo,
    alt: localize(photo.alt, locale) ?? '',
    width: dimensions.width,
    height: dimensions.height,
  }
}
