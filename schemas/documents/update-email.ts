import { defineField, defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'
import { greetingFields } from '../objects/greeting-fields'

/**
 * An update to the people on the waitlist ("the beta opens Monday"), written here and sent from
 * the Launch tool's Updates tab to the confirmed people a filter picks (docs/decisions/0070-updates.md).
 * Many of them: a list, not a singleton. The footer and removal link are the invitation email's
 * (the same readers: people who joined and confirmed).
 */
export const updateEmail = defineType({
  name: 'updateEmail',
  title: 'Update',
  type: 'document',
  fieldsets: [
    { name: 'opening', title: 'Subject and greeting' },
    { name: 'body', title: 'Body' },
  ],
  fields: [
    localizedField({
      name: 'subject',
      title: 'Subject',
      description:
        'The subject line. {brand} becomes the brand name. It never includes the person’s name or anything they typed.',
      max: 80,
      fieldset: 'opening',
      placeholders: { allowed: ['brand'] },
    }),
    localizedField({
      name: 'preheader',
      title: 'Preheader',
      description: 'The line inboxes show after the subject, before the email is opened. {brand} is filled in.',
      max: 120,
      fieldset: 'opening',
      placeholders: { allowed: ['brand'] },
    }),
    ...greetingFields('opening'),
    defineField({
      name: 'body',
      title: 'Body',
      description:
        'What the update says, between the greeting and the sign-off: paragraphs, headings, links and buttons. {name} becomes the reader’s name (when it looks like one), {place} their place in line, {brand} the brand name.',
      type: 'localeUpdateBody',
      fieldset: 'body',
      validation: (rule) => rule.required(),
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
  ],
  preview: { select: { title: 'subject.pt' }, prepare: ({ title }: { title?: string }) => ({ title: title ?? 'Update' }) },
})
