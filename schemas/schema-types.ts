import { localeString, localeText } from './objects/locale-fields'
import { experimentValueTypes } from './objects/experiment-value'
import { experiment } from './documents/experiment'
import { siteSettings } from './documents/site-settings'
import { uiStrings } from './documents/ui-strings'
import { hero } from './documents/hero'
import { workflow } from './documents/workflow'
import { useCases } from './documents/use-cases'
import { results } from './documents/results'
import { statistic } from './documents/statistic'
import { features } from './documents/features'
import { platform } from './documents/platform'
import { testimonialsSection } from './documents/testimonials-section'
import { testimonial } from './documents/testimonial'
import { cta } from './documents/cta'
import { freeTrial } from './documents/free-trial'
import { privacyNote } from './documents/privacy-note'
import { welcomeEmail } from './documents/welcome-email'
import { invitationEmail } from './documents/invitation-email'
import { linkPages } from './documents/link-pages'
import { referralSettings } from './documents/referral-settings'
import { updateEmail } from './documents/update-email'
import { emailButton, localeUpdateBody, updateBody } from './objects/update-body'
import { pageSections, type SectionSchemaType } from './page-sections'
import { withTranslationStatus } from './translation-preview'

/** Each section's document type: a section of page-sections.ts without one (or a misnamed one) fails the type check. */
const sectionDocuments = {
  hero,
  workflow,
  useCases,
  results,
  features,
  platform,
  testimonialsSection,
  cta,
  freeTrial,
} satisfies { [Name in SectionSchemaType]: { name: Name } }

/** Page sections in page order (page-sections.ts); each is a singleton whose document id is its type name. */
export const sectionTypes = pageSections.map(({ schemaType }) => withTranslationStatus(sectionDocuments[schemaType]))

/**
 * What a sign-up meets beyond the page, in the order they meet it: the privacy note, the welcome
 * email, the pages its links open, their place in line and personal link (referrals) and, when
 * their turn comes, the invitation email.
 */
export const signupTypes = [privacyNote, welcomeEmail, linkPages, referralSettings, invitationEmail].map(withTranslationStatus)

export const singletonTypes = [...sectionTypes, ...[siteSettings, uiStrings].map(withTranslationStatus), ...signupTypes]

export const listTypes = [statistic, testimonial].map(withTranslationStatus)

/** Updates to the waitlist: many documents, each sent from the Launch tool's Updates tab. */
export const updateTypes = [updateEmail].map(withTranslationStatus)

export const schemaTypes = [
  localeString,
  localeText,
  emailButton,
  updateBody,
  localeUpdateBody,
  ...experimentValueTypes,
  ...singletonTypes,
  ...listTypes,
  experiment,
  ...updateTypes,
]
