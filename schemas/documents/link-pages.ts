import { defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

interface PageTextOptions {
  prefix: string
  fieldset: string
  what: string
  button?: string
}

/** A heading and a paragraph (and a button) for one state of a page. */
function pageTexts({ prefix, fieldset, what, button }: PageTextOptions) {
  return [
    localizedField({ name: `${prefix}Title`, title: 'Heading', description: `Heading ${what}.`, max: 70, fieldset }),
    localizedField({
      name: `${prefix}Body`,
      title: 'Text',
      description: `The paragraph under the heading ${what}.`,
      paragraph: true,
      max: 300,
      fieldset,
      placeholders: { allowed: ['brand', 'email'] },
    }),
    ...(button ? [localizedField({ name: `${prefix}Button`, title: 'Button', description: button, max: 40, fieldset })] : []),
  ]
}

/**
 * The pages the welcome's personal links open. Each asks before it acts (mail scanners open
 * links), then says what happened; broken links explain themselves.
 */
export const linkPages = defineType({
  name: 'linkPages',
  title: 'Confirmation and removal pages',
  type: 'document',
  fieldsets: [
    { name: 'confirm', title: 'Confirm: before the button' },
    { name: 'confirmed', title: 'Confirm: done' },
    { name: 'gone', title: 'Confirm: the place no longer exists' },
    { name: 'confirmExpired', title: 'Confirm: the link expired' },
    { name: 'remove', title: 'Remove: before the button' },
    { name: 'removed', title: 'Remove: done' },
    { name: 'removeExpired', title: 'Remove: the link expired' },
    { name: 'invalid', title: 'A link that is not ours' },
    { name: 'unavailable', title: 'Something failed on our side' },
  ],
  fields: [
    ...pageTexts({
      prefix: 'confirm',
      fieldset: 'confirm',
      what: 'when the confirmation link is opened',
      button: 'The button that confirms the place.',
    }),
    ...pageTexts({ prefix: 'confirmed', fieldset: 'confirmed', what: 'once the place is confirmed' }),
    ...pageTexts({ prefix: 'gone', fieldset: 'gone', what: 'when the place was removed or expired unconfirmed' }),
    ...pageTexts({ prefix: 'confirmExpired', fieldset: 'confirmExpired', what: 'when the confirmation link is too old' }),
    ...pageTexts({
      prefix: 'remove',
      fieldset: 'remove',
      what: 'when the removal link is opened',
      button: 'The button that removes the person from the list.',
    }),
    ...pageTexts({ prefix: 'removed', fieldset: 'removed', what: 'once the person is off the list' }),
    ...pageTexts({
      prefix: 'removeExpired',
      fieldset: 'removeExpired',
      what: 'when the removal link is too old ({email} is the contact address)',
    }),
    ...pageTexts({ prefix: 'invalid', fieldset: 'invalid', what: 'for a link that was altered or is not ours' }),
    ...pageTexts({ prefix: 'unavailable', fieldset: 'unavailable', what: 'when the request could not be completed now' }),
    localizedField({
      name: 'homeLink',
      title: 'Link home',
      description: 'The link back to the landing page, on every one of these pages.',
      max: 40,
    }),
  ],
  preview: { prepare: () => ({ title: 'Confirmation and removal pages' }) },
})
