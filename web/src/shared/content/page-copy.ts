import type { PageQueryResult } from '../../../../schemas/sanity.types.ts'
import type { Locale } from '../../../../schemas/locales.ts'
import { featureIcons, type FeatureIcon } from '../../../../schemas/feature-icons.ts'
import { sectionIds, type NavSectionId } from '../../../../schemas/page-sections.ts'
import { integrationCategories } from '../../../../schemas/integration-categories.ts'
import { fallbacks } from './fallbacks.ts'
import { FALLBACK_CONSENT_VERSION } from './signup-fallbacks.ts'
import { localize, localizeList } from './localize.ts'

export type PageContent = PageQueryResult & {
  /** Set on content that holds one language's texts only: what the prerender embeds (content-in-language.ts). */
  onlyLocale?: Locale
}
type Testimonial = PageContent['testimonials'][number]
type SharingImage = NonNullable<NonNullable<PageContent['settings']>['ogImage']>

export interface Photo {
  source: NonNullable<Testimonial['photo']>
  alt: string
  width: number
  height: number
}

/** The image link previews show; head-tags.ts crops it to the Open Graph size. */
export interface SocialImage {
  source: SharingImage
  alt: string | undefined
}

/**
 * The page's copy in one language, every field resolved: content first, then the typed
 * fallback. Sections receive this and never see a missing field; list items missing in
 * the reader's language are left out rather than shown empty.
 */
export function resolvePageCopy(content: PageContent | undefined, locale: Locale) {
  const fb = fallbacks[locale]
  const t = (value: Parameters<typeof localize>[0], fallback = '') => localize(value, locale) ?? fallback
  const {
    settings,
    ui,
    hero,
    workflow,
    useCases,
    results,
    features,
    platform,
    testimonialsSection,
    cta,
    freeTrial,
    privacyNote,
  } = content ?? {}
  // The version travels with the sign-up: the document's when its notice is what the form shows.
  const consentNotice = localize(privacyNote?.formNotice, locale)

  return {
    locale,
    // The sections shown, in order: schemas/page-sections.ts today; a page document could hold this list later.
    sections: sectionIds,
    brandName: settings?.brandName?.trim() || fb.brandName,
    seo: {
      title: t(settings?.seoTitle, fb.seoTitle),
      description: t(settings?.seoDescription, fb.seoDescription),
      image: toSocialImage(settings?.ogImage, locale),
    },
    ui: {
      skipToContent: t(ui?.skipToContent, fb.skipToContent),
      navLabel: t(ui?.navLabel, fb.navLabel),
      nav: {
        features: t(ui?.navFeatures, fb.navFeatures),
        useCases: t(ui?.navUseCases, fb.navUseCases),
        platform: t(ui?.navPlatform, fb.navPlatform),
      } satisfies Record<NavSectionId, string>,
      headerCta: t(ui?.headerCta, fb.headerCta),
      menuOpen: t(ui?.menuOpen, fb.menuOpen),
      menuClose: t(ui?.menuClose, fb.menuClose),
      languageLabel: t(ui?.languageLabel, fb.languageLabel),
      notFoundTitle: t(ui?.notFoundTitle, fb.notFoundTitle),
      notFoundLink: t(ui?.notFoundLink, fb.notFoundLink),
      unexpectedError: fb.unexpectedError,
    },
    hero: {
      badge: t(hero?.badge),
      headline: t(hero?.headline, fb.heroHeadline),
      subheadline: t(hero?.subheadline),
      oldWayTitle: t(hero?.oldWayTitle, fb.heroOldWayTitle),
      oldWayPoints: localizeList(hero?.oldWayPoints, locale),
      newWayTitle: t(hero?.newWayTitle, fb.heroNewWayTitle),
      newWayPoints: localizeList(hero?.newWayPoints, locale),
      primaryCta: t(hero?.primaryCta, fb.heroPrimaryCta),
      secondaryCta: t(hero?.secondaryCta, fb.heroSecondaryCta),
      trialNote: t(hero?.trialNote),
    },
    workflow: {
      title: t(workflow?.title, fb.workflowTitle),
      subtitle: t(workflow?.subtitle),
      // Always three numbered steps, each falling back on its own.
      steps: [1, 2, 3].map((n) => {
        const step = workflow?.steps?.[n - 1]
        return {
          key: step?._key ?? `step-${n}`,
          title: t(step?.title, fb.workflowStepTitle(n)),
          description: t(step?.description, fb.workflowStepDescription(n)),
        }
      }),
    },
    useCases: {
      title: t(useCases?.title, fb.useCasesTitle),
      subtitle: t(useCases?.subtitle),
      audiences: (useCases?.audiences ?? []).flatMap((item) => {
        const audience = localize(item.audience, locale)
        const title = localize(item.title, locale)
        return audience && title
          ? [{ key: item._key, audience, title, description: t(item.description), points: localizeList(item.points, locale) }]
          : []
      }),
    },
    results: {
      title: t(results?.title, fb.resultsTitle),
      subtitle: t(results?.subtitle),
      statistics: (content?.statistics ?? []).flatMap((stat) => {
        const label = localize(stat.label, locale)
        const value = stat.value?.trim()
        return label && value ? [{ key: stat._id, value, label }] : []
      }),
    },
    features: {
      title: t(features?.title, fb.featuresTitle),
      subtitle: t(features?.subtitle),
      items: (features?.items ?? []).flatMap((item) => {
        const title = localize(item.title, locale)
        return title ? [{ key: item._key, icon: toFeatureIcon(item.icon), title, description: t(item.description) }] : []
      }),
    },
    platform: {
      title: t(platform?.title, fb.platformTitle),
      subtitle: t(platform?.subtitle),
      integrationsTitle: t(platform?.integrationsTitle, fb.integrationsTitle),
      integrationGroups: integrationCategories.flatMap((category) => {
        const tools = (platform?.integrations ?? []).flatMap((tool) =>
          tool.category === category && tool.name?.trim() ? [{ key: tool._key, name: tool.name.trim() }] : [],
        )
        const labels = { chat: platform?.chatLabel, video: platform?.videoLabel, team: platform?.teamLabel }
        return tools.length > 0 ? [{ category, label: t(labels[category], fb.integrationGroups[category]), tools }] : []
      }),
      securityTitle: t(platform?.securityTitle, fb.securityTitle),
      securityPoints: localizeList(platform?.securityPoints, locale),
    },
    testimonials: {
      title: t(testimonialsSection?.title, fb.testimonialsTitle),
      subtitle: t(testimonialsSection?.subtitle),
      items: (content?.testimonials ?? []).flatMap((item) => {
        const quote = localize(item.quote, locale)
        const author = item.author?.trim()
        return quote && author ? [{ key: item._id, quote, author, role: t(item.role), photo: toPhoto(item.photo, locale) }] : []
      }),
    },
    cta: {
      title: t(cta?.title, fb.ctaTitle),
      description: t(cta?.description),
      buttonText: t(cta?.buttonText, fb.ctaButton),
    },
    freeTrial: {
      title: t(freeTrial?.title, fb.freeTrialTitle),
      subtitle: t(freeTrial?.subtitle),
      benefits: localizeList(freeTrial?.benefits, locale),
      form: {
        nameLabel: t(freeTrial?.nameLabel, fb.nameLabel),
        namePlaceholder: t(freeTrial?.namePlaceholder),
        roleLabel: t(freeTrial?.roleLabel, fb.roleLabel),
        rolePlaceholder: t(freeTrial?.rolePlaceholder),
        emailLabel: t(freeTrial?.emailLabel, fb.emailLabel),
        emailPlaceholder: t(freeTrial?.emailPlaceholder),
        buttonText: t(freeTrial?.buttonText, fb.buttonText),
        buttonLoading: t(freeTrial?.buttonLoading, fb.buttonLoading),
        disclaimer: t(freeTrial?.disclaimer),
        consent: {
          notice: consentNotice ?? fb.consentNotice,
          linkText: t(privacyNote?.linkText, fb.privacyLinkText),
          version: consentNotice && privacyNote?.version ? privacyNote.version : FALLBACK_CONSENT_VERSION,
        },
      },
      success: {
        title: t(freeTrial?.successTitle, fb.successTitle),
        description: t(freeTrial?.successDescription, fb.successDescription),
      },
      error: { title: t(freeTrial?.errorTitle, fb.errorTitle), description: t(freeTrial?.errorDescription, fb.errorDescription) },
    },
    footer: {
      rights: t(settings?.rights, fb.rights).replaceAll('{year}', String(new Date().getFullYear())),
    },
  }
}

export type PageCopy = ReturnType<typeof resolvePageCopy>

function toFeatureIcon(icon: string | null): FeatureIcon {
  return featureIcons.find((known) => known === icon) ?? 'insights'
}

function toSocialImage(image: SharingImage | null | undefined, locale: Locale): SocialImage | undefined {
  if (!image?.asset) return undefined
  return { source: image, alt: localize(image.alt, locale) }
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
