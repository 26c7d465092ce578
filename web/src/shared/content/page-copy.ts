import type { PageQueryResult } from '../../../../schemas/sanity.types.ts'
import { locales, type Locale } from '../../../../schemas/locales.ts'
import { navSectionIds, type NavSectionId, type SectionId } from '../../../../schemas/page-sections.ts'
import { pagePath } from '../../../../schemas/page-paths.ts'
import { fallbacks } from './fallbacks.ts'
import { FALLBACK_CONSENT_VERSION } from './signup-fallbacks.ts'
import { localize, type LocalizedText } from './localize.ts'
import type { SectionBlock, SectionContext } from './section-copy.ts'

export type PageContent = PageQueryResult & {
  /** Set on content that holds one language's texts only: what the prerender embeds (content-in-language.ts). */
  onlyLocale?: Locale
}
/** The image link previews show: the page's own in the reader's language, else the site's (head-tags.ts crops it). */
export type SharingImage =
  | NonNullable<NonNullable<NonNullable<PageContent['page']>['shareImage']>['pt']>
  | NonNullable<NonNullable<PageContent['settings']>['ogImage']>

/** A text in the reader's language, else the fallback (else ''). */
type Reader = (value: LocalizedText, fallback?: string) => string

/** One section of the page: its block, its kind and its anchor (`#faq`, `#faq-2` for a second). */
export interface PageSectionEntry {
  key: string
  kind: SectionId
  anchor: string
  block: SectionBlock
}

/** A section block's kind: its Sanity type without `Section` (schemas/page-sections.ts). */
const kindOf = (block: SectionBlock) => block._type.slice(0, -7) as SectionId

/**
 * The home page's sections when its document has none that can be shown (it is missing, or the content
 * could not be read): the nine of the seed, each from its fallbacks, as the page was before pages were
 * documents (docs/product.md §3.3).
 */
const fallbackHomeSections = [
  'hero',
  'workflow',
  'useCases',
  'results',
  'features',
  'platform',
  'testimonials',
  'cta',
  'freeTrial',
].map((kind) => ({ _key: kind, _type: `${kind}Section` }) as SectionBlock)

/**
 * The page's copy in one language (docs/decisions/0074-pages-as-documents.md): its title, addresses,
 * header, footer and form, every field resolved, content first, then the typed fallback; and its
 * sections in order, each resolving its own (section-copy.ts), with the links they share: the page's
 * form, else the home page's, so a page without one still leads its buttons to one. `home`: this is the
 * home page, which always has sections to show.
 */
export function resolvePageCopy(content: PageContent | undefined, locale: Locale, home = false) {
  const fb = fallbacks[locale]
  const t: Reader = (value, fallback = '') => localize(value, locale) ?? fallback
  const { settings, ui, page } = content ?? {}
  const seen = new Map<SectionId, number>()
  const blocks = page?.sections?.length ? page.sections : home ? fallbackHomeSections : []
  const sections: PageSectionEntry[] = blocks.map((block) => {
    const kind = kindOf(block)
    const nth = (seen.get(kind) ?? 0) + 1
    seen.set(kind, nth)
    return { key: block._key, kind, anchor: nth > 1 ? `${kind}-${nth}` : kind, block }
  })
  const has = (kind: SectionId) => seen.has(kind)
  const context: SectionContext = {
    locale,
    fb,
    links: {
      form: `${has('freeTrial') ? '' : pagePath(undefined, locale)}#freeTrial`,
      workflow: has('workflow') ? '#workflow' : undefined,
    },
    form: resolveFormCopy(content, locale, t),
  }
  const slugs = { pt: page?.slug?.pt, en: page?.slug?.en }

  return {
    locale,
    /** Where this page is in each language (the language switcher, hreflang); a language it has no address in, that one's home page. */
    paths: Object.fromEntries(locales.map((each) => [each, pagePath(slugs[each] ?? undefined, each)])) as Record<Locale, string>,
    brandName: settings?.brandName?.trim() || fb.brandName,
    seo: {
      // As the content has them: the head resolves them (head-tags.ts), which the page's first script never does.
      title: page?.title,
      description: page?.description,
      image: (page?.shareImage?.[locale] ?? settings?.ogImage ?? undefined) as SharingImage | undefined,
      noindex: page?.noindex === true,
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
    /** The header's links, to the sections of navSectionIds this page has. */
    navIds: navSectionIds.filter(has),
    sections,
    context,
    footer: {
      rights: t(settings?.rights, fb.rights).replaceAll('{year}', String(new Date().getFullYear())),
    },
  }
}

export type PageCopy = ReturnType<typeof resolvePageCopy>

/** The sign-up form's words, the same on every page that has one, with the consent it shows. */
function resolveFormCopy(content: PageContent | undefined, locale: Locale, t: Reader) {
  const fb = fallbacks[locale]
  const { form, privacyNote } = content ?? {}
  // The version travels with the sign-up: the document's when its notice is what the form shows.
  const consentNotice = localize(privacyNote?.formNotice, locale)
  return {
    nameLabel: t(form?.nameLabel, fb.nameLabel),
    namePlaceholder: t(form?.namePlaceholder),
    roleLabel: t(form?.roleLabel, fb.roleLabel),
    rolePlaceholder: t(form?.rolePlaceholder),
    emailLabel: t(form?.emailLabel, fb.emailLabel),
    emailPlaceholder: t(form?.emailPlaceholder),
    buttonText: t(form?.buttonText, fb.buttonText),
    buttonLoading: t(form?.buttonLoading, fb.buttonLoading),
    disclaimer: t(form?.disclaimer),
    consent: {
      notice: consentNotice ?? fb.consentNotice,
      linkText: t(privacyNote?.linkText, fb.privacyLinkText),
      version: consentNotice && privacyNote?.version ? privacyNote.version : FALLBACK_CONSENT_VERSION,
    },
    success: { title: t(form?.successTitle, fb.successTitle), description: t(form?.successDescription, fb.successDescription) },
    error: { title: t(form?.errorTitle, fb.errorTitle), description: t(form?.errorDescription, fb.errorDescription) },
  }
}

export type FormCopy = ReturnType<typeof resolveFormCopy>
