import { defineQuery } from 'groq'

/**
 * Everything a page shows, in both languages at once: the page's first fetch (when idle) brings the
 * language the HTML left out, so switching needs no request of its own. `$page` is the page's document
 * id (the server routes its address to it, docs/decisions/0074-pages-as-documents.md; none on the 404
 * page), its sections in order, hidden ones left out, each with its own fields (`...`), what pages share
 * dereferenced (sharing images as they are: the image address builder reads their asset's reference),
 * and a field with variants (schemas/experiments.ts) in the visitor's arm: `$arms` holds
 * `<experimentId>:<variantId>` for each running experiment the server assigned the visitor to (none:
 * every field's default), so the prerender, the page's own revalidation and its live updates all show
 * the same variant (docs/decisions/0046-copy-experiments.md).
 */
export const pageQuery = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{
    brandName, rights, ogImage
  },
  "ui": *[_type == "uiStrings" && _id == "uiStrings"][0],
  "page": *[_type == "page" && _id == $page][0]{
    _id, title, description, noindex, "slug": { "pt": slug.pt.current, "en": slug.en.current },
    shareImage,
    "sections": sections[hidden != true]{
      ...,
      _type == "heroSection" => {
        "headline": coalesce(headline.variants[experimentId + ":" + variantId in $arms][0].value, headline.default),
        "subheadline": coalesce(subheadline.variants[experimentId + ":" + variantId in $arms][0].value, subheadline.default),
        "primaryCta": coalesce(primaryCta.variants[experimentId + ":" + variantId in $arms][0].value, primaryCta.default)
      },
      _type == "freeTrialSection" => {
        "title": coalesce(title.variants[experimentId + ":" + variantId in $arms][0].value, title.default)
      },
      _type == "resultsSection" => { "statistics": statistics[]->{ _id, _type, value, label } },
      _type == "testimonialsSection" => {
        "testimonials": testimonials[]->{
          _id, _type, quote, author, role, photo{ alt, hotspot, crop, asset->{ _id, metadata{ dimensions{ width, height } } } }
        }
      },
      _type == "logoRowSection" => {
        "logos": logos[]{ _key, name, image{ hotspot, crop, asset->{ _id, metadata{ dimensions{ width, height } } } } }
      }
    }
  },
  "form": *[_type == "freeTrial" && _id == "freeTrial"][0],
  "privacyNote": *[_type == "privacyNote" && _id == "privacyNote"][0]{ version, formNotice, linkText }
}`)
