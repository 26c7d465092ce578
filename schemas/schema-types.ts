import { localeString, localeText } from './objects/locale-fields'
import { localeRichText } from './objects/locale-rich-text'
import { pageSlug } from './objects/page-slug'
import { experimentValueTypes } from './objects/experiment-value'
import { experiment } from './documents/experiment'
import { page } from './documents/page'
import { siteSettings } from './documents/site-settings'
import { uiStrings } from './documents/ui-strings'
import { statistic } from './documents/statistic'
import { testimonial } from './documents/testimonial'
import { freeTrial } from './documents/free-trial'
import { privacyNote } from './documents/privacy-note'
import { welcomeEmail } from './documents/welcome-email'
import { invitationEmail } from './documents/invitation-email'
import { linkPages } from './documents/link-pages'
import { referralSettings } from './documents/referral-settings'
import { sectionBlocks } from './blocks/section-blocks'
import { updateEmail } from './documents/update-email'
import { emailButton, localeUpdateBody, updateBody } from './objects/update-body'
import { withTranslationStatus } from './translation-preview'

/** Pages: the home page (its id is HOME_PAGE_ID) and every other, each a list of sections (schemas/page-sections.ts). */
export const pageType = withTranslationStatus(page)

/**
 * What a sign-up meets beyond the page, in the order they meet it: the privacy note, the welcome
 * email, the pages its links open, their place in line and personal link (referrals) and, when
 * their turn comes, the invitation email.
 */
export const signupTypes = [privacyNote, welcomeEmail, linkPages, referralSettings, invitationEmail].map(withTranslationStatus)

/** The form's words, the same on every page with a Free trial section. */
export const freeTrialFormType = withTranslationStatus(freeTrial)

export const singletonTypes = [freeTrialFormType, ...[siteSettings, uiStrings].map(withTranslationStatus), ...signupTypes]

/** What pages share, each chosen and ordered by the sections that show it (references). */
export const listTypes = [statistic, testimonial].map(withTranslationStatus)

/** Updates to the waitlist: many documents, each sent from the Launch tool's Updates tab. */
export const updateTypes = [updateEmail].map(withTranslationStatus)

export const schemaTypes = [
  localeString,
  localeText,
  localeRichText,
  pageSlug,
  emailButton,
  updateBody,
  localeUpdateBody,
  ...experimentValueTypes,
  ...sectionBlocks,
  pageType,
  ...singletonTypes,
  ...listTypes,
  experiment,
  ...updateTypes,
]
