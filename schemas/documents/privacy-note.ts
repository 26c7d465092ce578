import { defineArrayMember, defineField, defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

/**
 * What the sign-up stores and why: the line beside the form's button and the short page it
 * links to. Its version travels with every sign-up, so a confirmation can later be matched to
 * the words the person read.
 */
export const privacyNote = defineType({
  name: 'privacyNote',
  title: 'Privacy note',
  type: 'document',
  fieldsets: [
    { name: 'form', title: 'Beside the sign-up button' },
    { name: 'page', title: 'The privacy page' },
  ],
  fields: [
    defineField({
      name: 'version',
      title: 'Version',
      description:
        'Change it (to today’s date, say 2026-11-23) whenever the meaning of the note or of the line on the form changes: each sign-up records the version it was shown. Fixing a typo needs no new version.',
      type: 'string',
      validation: (rule) =>
        rule
          .required()
          .max(64)
          .regex(/^[\w.:-]+$/, { name: 'letters, digits, . _ : -' }),
    }),
    localizedField({
      name: 'formNotice',
      title: 'Notice on the form',
      description: 'One or two sentences beside the button: what is stored and why, and that the email asks to confirm.',
      paragraph: true,
      max: 260,
      fieldset: 'form',
    }),
    localizedField({
      name: 'linkText',
      title: 'Link to the page',
      description: 'The link after the notice that opens the privacy page.',
      max: 40,
      fieldset: 'form',
    }),
    localizedField({ name: 'title', title: 'Heading', description: 'The privacy page’s heading.', max: 70, fieldset: 'page' }),
    localizedField({
      name: 'intro',
      title: 'Intro',
      description: 'The paragraph under the heading. {brand} is filled in.',
      paragraph: true,
      max: 300,
      fieldset: 'page',
      placeholders: { allowed: ['brand'] },
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      description: 'The note itself, a question per section: what, why, how long, who sees it, your rights.',
      type: 'array',
      fieldset: 'page',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'privacySection',
          fields: [
            localizedField({ name: 'heading', title: 'Heading', description: 'A short question or title.', max: 70 }),
            localizedField({
              name: 'body',
              title: 'Text',
              description:
                'The answer. {brand}, {days} (how long an unconfirmed sign-up is kept) and {email} (the contact address) are filled in.',
              paragraph: true,
              max: 600,
              placeholders: { allowed: ['brand', 'days', 'email'] },
            }),
          ],
          preview: { select: { title: 'heading.pt' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(8),
    }),
    localizedField({
      name: 'versionLabel',
      title: 'Version line',
      description: 'Shown at the end of the page; {version} becomes the version above.',
      max: 60,
      fieldset: 'page',
      placeholders: { allowed: ['version'], required: ['version'] },
    }),
  ],
  preview: { prepare: () => ({ title: 'Privacy note' }) },
})
