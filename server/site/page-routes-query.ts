import { defineQuery } from 'groq'

/**
 * Every published page's addresses, what the server routes by (page-routes.ts): its slug in each
 * language, whether search engines may list it, its title for the Launch tool's "By page", and the copy
 * experiments its fields hold (schemas/experiments.ts: a visitor is shown, and counted in, those of the
 * page they see). Oldest first: of two pages that claim one address, the older keeps it.
 */
export const pageRoutesQuery = defineQuery(`*[_type == "page"] | order(_createdAt asc){
  _id, title, noindex, "slug": { "pt": slug.pt.current, "en": slug.en.current },
  "experiments": sections[].headline.experimentId + sections[].subheadline.experimentId
    + sections[].primaryCta.experimentId + sections[].title.experimentId
}`)
