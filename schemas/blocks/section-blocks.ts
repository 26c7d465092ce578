import { sectionIds, sectionType, type SectionId } from '../page-sections'
import { heroSection } from './hero/hero-section'
import { heroPicture } from './hero/picture'
import { workflowSection } from './workflow/workflow-section'
import { workflowPicture } from './workflow/picture'
import { useCasesSection } from './use-cases/use-cases-section'
import { useCasesPicture } from './use-cases/picture'
import { resultsSection } from './results/results-section'
import { resultsPicture } from './results/picture'
import { featuresSection } from './features/features-section'
import { featuresPicture } from './features/picture'
import { platformSection } from './platform/platform-section'
import { platformPicture } from './platform/picture'
import { testimonialsSection } from './testimonials/testimonials-section'
import { testimonialsPicture } from './testimonials/picture'
import { ctaSection } from './cta/cta-section'
import { ctaPicture } from './cta/picture'
import { freeTrialSection } from './free-trial/free-trial-section'
import { freeTrialPicture } from './free-trial/picture'
import { faqSection } from './faq/faq-section'
import { faqPicture } from './faq/picture'
import { logoRowSection } from './logo-row/logo-row-section'
import { logoRowPicture } from './logo-row/picture'
import { richTextSection } from './rich-text/rich-text-section'
import { richTextPicture } from './rich-text/picture'

/**
 * Each section kind of schemas/page-sections.ts: its block (a kind without one, or with a misnamed
 * one, fails the type check) and its picture in the Studio's picker.
 */
const blocks = {
  hero: [heroSection, heroPicture],
  workflow: [workflowSection, workflowPicture],
  useCases: [useCasesSection, useCasesPicture],
  results: [resultsSection, resultsPicture],
  features: [featuresSection, featuresPicture],
  platform: [platformSection, platformPicture],
  testimonials: [testimonialsSection, testimonialsPicture],
  cta: [ctaSection, ctaPicture],
  freeTrial: [freeTrialSection, freeTrialPicture],
  faq: [faqSection, faqPicture],
  logoRow: [logoRowSection, logoRowPicture],
  richText: [richTextSection, richTextPicture],
} satisfies { [Id in SectionId]: readonly [{ name: `${Id}Section` }, string] }

/** The section blocks, in the order of the list (the picker's order). */
export const sectionBlocks = sectionIds.map((id) => blocks[id][0])

/** The picture of a section type in the picker, by its Sanity type name. */
export function sectionPicture(typeName: string): string | undefined {
  return sectionIds.find((id) => sectionType(id) === typeName) && blocks[typeName.slice(0, -'Section'.length) as SectionId][1]
}
