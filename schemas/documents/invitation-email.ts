import { defineType } from 'sanity'
import { localizedField, localizedList, localizedUrl } from '../objects/locale-fields'
import { greetingFields } from '../objects/greeting-fields'

/** The placeholder every text of the invitation may hold; the greeting alone takes {name} instead. */
const brandOnly = { allowed: ['brand'] } as const

/**
 * The email an invite wave sends: the person's turn has come, with the link to the product's
 * 14-day free trial (the welcome promises it: "you'll get an email with your activation link").
 */
export const invitationEmail = defineType({
  name: 'invitationEmail',
  title: 'Invitation email',
  type: 'document',
  fieldsets: [
    { name: 'opening', title: 'Subject and greeting' },
    { name: 'trial', title: 'Starting the trial' },
    { name: 'body', title: 'Body' },
    { name: 'footer', title: 'Footer' },
  ],
  fields: [
    localizedField({
      name: 'subject',
      title: 'Subject',
      description:
        'The subject line. {brand} becomes the brand name. It never includes the person’s name or anything they typed.',
      max: 80,
      fieldset: 'opening',
      placeholders: brandOnly,
    }),
    ...greetingFields('opening'),
    localizedField({
      name: 'intro',
      title: 'Their turn',
      description: 'The paragraph before the trial button: their place in the free trial is ready. {brand} is filled in.',
      paragraph: true,
      max: 300,
      fieldset: 'trial',
      placeholders: brandOnly,
    }),
    localizedField({
      name: 'trialButton',
      title: 'Trial button',
      description: 'The button (a link) that opens the trial sign-up.',
      max: 40,
      fieldset: 'trial',
      placeholders: { allowed: [] },
    }),
    localizedUrl({
      name: 'trialUrl',
      title: 'Trial sign-up address',
      description:
        'Where the button leads in each language: the product’s free-trial sign-up. Each email adds the person’s invitation code to it (?invite=…), which the product reports when they activate.',
      fieldset: 'trial',
    }),
    localizedList({
      name: 'paragraphs',
      title: 'Paragraphs',
      description: 'What to do first, after the trial button. {brand} is filled in. Make no claim the page does not make.',
      paragraph: true,
      min: 1,
      max: 3,
      fieldset: 'body',
    }),
    localizedField({
      name: 'signOff',
      title: 'Sign-off',
      description: 'The closing lines; a line break starts a new line. {brand} is filled in.',
      paragraph: true,
      max: 80,
      fieldset: 'body',
      placeholders: brandOnly,
    }),
    localizedField({
      name: 'footer',
      title: 'Why this email',
      description:
        'Why the reader got this email (they joined the waitlist and confirmed their address), above the removal link. {brand} is filled in.',
      paragraph: true,
      max: 300,
      fieldset: 'footer',
      placeholders: brandOnly,
    }),
    localizedField({
      name: 'removeLink',
      title: 'Removal link',
      description: 'The link that takes the reader off the list at once.',
      max: 60,
      fieldset: 'footer',
      placeholders: { allowed: [] },
    }),
  ],
  preview: { prepare: () => ({ title: 'Invitation email' }) },
})
