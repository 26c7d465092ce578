import { defineType } from 'sanity'
import { localizedField, localizedList } from '../objects/locale-fields'
import { greetingFields } from '../objects/greeting-fields'

/** Placeholders every text of the welcome may hold; the greeting alone also takes {name}. */
const brandAndDays = { allowed: ['brand', 'days'] } as const

export const welcomeEmail = defineType({
  name: 'welcomeEmail',
  title: 'Welcome email',
  type: 'document',
  fieldsets: [
    { name: 'opening', title: 'Subject and greeting' },
    { name: 'confirmation', title: 'Confirming the place' },
    { name: 'body', title: 'Body' },
    { name: 'footer', title: 'Footer' },
  ],
  fields: [
    localizedField({
      name: 'subject',
      title: 'Subject',
      description:
        'The subject line. {brand} becomes the brand name. It never includes the visitor’s name or anything they typed: the form can be filled in with someone else’s address.',
      max: 80,
      fieldset: 'opening',
      placeholders: { allowed: ['brand'] },
    }),
    ...greetingFields('opening'),
    localizedField({
      name: 'confirmIntro',
      title: 'Why confirm',
      description:
        'The paragraph before the confirm button: the place counts once the reader confirms. {brand} and {days} are filled in.',
      paragraph: true,
      max: 300,
      fieldset: 'confirmation',
      placeholders: brandAndDays,
    }),
    localizedField({
      name: 'confirmButton',
      title: 'Confirm button',
      description: 'The button (a link) that opens the confirmation page.',
      max: 40,
      fieldset: 'confirmation',
      placeholders: { allowed: [] },
    }),
    localizedField({
      name: 'confirmNote',
      title: 'If they do not confirm',
      description: 'What happens without confirmation; {days} is how long the link works before the place is deleted.',
      paragraph: true,
      max: 240,
      fieldset: 'confirmation',
      placeholders: brandAndDays,
    }),
    localizedList({
      name: 'paragraphs',
      title: 'Paragraphs',
      description: 'What comes next, after the confirm button. {brand} is filled in. Make no claim the page does not make.',
      paragraph: true,
      min: 1,
      max: 4,
      fieldset: 'body',
    }),
    localizedList({
      name: 'steps',
      title: 'Tips',
      description: 'A short numbered list of ways to prepare for the trial.',
      min: 0,
      max: 5,
      fieldset: 'body',
    }),
    localizedField({
      name: 'signOff',
      title: 'Sign-off',
      description: 'The closing lines; a line break starts a new line. {brand} is filled in.',
      paragraph: true,
      max: 80,
      fieldset: 'body',
      placeholders: { allowed: ['brand'] },
    }),
    localizedField({
      name: 'notYou',
      title: 'Not you?',
      description: 'Why the reader got this email and what to do if they did not ask for it. {brand} and {days} are filled in.',
      paragraph: true,
      max: 300,
      fieldset: 'footer',
      placeholders: brandAndDays,
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
  preview: { prepare: () => ({ title: 'Welcome email' }) },
})
