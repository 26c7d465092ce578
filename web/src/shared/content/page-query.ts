import { defineQuery } from 'groq'

/**
 * Everything the page shows, in both languages at once: the page's first fetch (when idle)
 * brings the language the HTML left out, so switching needs no request of its own.
 * Singletons are read by type and fixed id. A field with variants (schemas/experiments.ts) shows
 * the visitor's arm: `$arms` holds `<experimentId>:<variantId>` for each running experiment the
 * server assigned the visitor to (none: every field's default), so the prerender, the page's own
 * revalidation and its live updates all show the same variant (docs/decisions/0046-copy-experiments.md).
 */
export const pageQuery = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{
    brandName, seoTitle, seoDescription, rights,
    ogImage{ alt, hotspot, crop, asset->{ _id } }
  },
  "ui": *[_type == "uiStrings" && _id == "uiStrings"][0]{
    skipToContent, navLabel, navFeatures, navUseCases, navPlatform, headerCta, menuOpen, menuClose,
    languageLabel, notFoundTitle, notFoundLink
  },
  "hero": *[_type == "hero" && _id == "hero"][0]{
    badge, "headline": coalesce(headline.variants[experimentId + ":" + variantId in $arms][0].value, headline.default),
    "subheadline": coalesce(subheadline.variants[experimentId + ":" + variantId in $arms][0].value, subheadline.default),
    oldWayTitle, oldWayPoints, newWayTitle, newWayPoints,
    "primaryCta": coalesce(primaryCta.variants[experimentId + ":" + variantId in $arms][0].value, primaryCta.default),
    secondaryCta, trialNote
  },
  "workflow": *[_type == "workflow" && _id == "workflow"][0]{
    title, subtitle, steps[]{_key, title, description}
  },
  "useCases": *[_type == "useCases" && _id == "useCases"][0]{
    title, subtitle, audiences[]{_key, audience, title, description, points}
  },
  "results": *[_type == "results" && _id == "results"][0]{ title, subtitle },
  "statistics": *[_type == "statistic"] | order(order asc){ _id, value, label },
  "features": *[_type == "features" && _id == "features"][0]{
    title, subtitle, items[]{_key, icon, title, description}
  },
  "platform": *[_type == "platform" && _id == "platform"][0]{
    title, subtitle, integrationsTitle, integrations[]{_key, name, category},
    chatLabel, videoLabel, teamLabel, securityTitle, securityPoints
  },
  "testimonialsSection": *[_type == "testimonialsSection" && _id == "testimonialsSection"][0]{ title, subtitle },
  "testimonials": *[_type == "testimonial"] | order(order asc){
    _id, quote, author, role,
    photo{ alt, hotspot, crop, asset->{ _id, metadata{ dimensions{ width, height } } } }
  },
  "cta": *[_type == "cta" && _id == "cta"][0]{ title, description, buttonText },
  "freeTrial": *[_type == "freeTrial" && _id == "freeTrial"][0]{
    "title": coalesce(title.variants[experimentId + ":" + variantId in $arms][0].value, title.default),
    subtitle, benefits, nameLabel, namePlaceholder, roleLabel, rolePlaceholder,
    emailLabel, emailPlaceholder, buttonText, buttonLoading, disclaimer,
    successTitle, successDescription, errorTitle, errorDescription
  },
  "privacyNote": *[_type == "privacyNote" && _id == "privacyNote"][0]{ version, formNotice, linkText }
}`)
