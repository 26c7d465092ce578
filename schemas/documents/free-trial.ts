import { defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

/**
 * The sign-up form's words, the same on every page that has a Free trial section (the section itself
 * holds its heading, intro and benefits): its labels, button and the messages after sending.
 */
export const freeTrial = defineType({
  name: 'freeTrial',
  title: 'Free-trial form',
  type: 'document',
  fieldsets: [
    { name: 'form', title: 'Form' },
    { name: 'messages', title: 'Messages after sending' },
  ],
  fields: [
    localizedField({
      name: 'nameLabel',
      title: 'Name label',
      description: 'Label of the name field.',
      max: 40,
      fieldset: 'form',
    }),
    localizedField({
      name: 'namePlaceholder',
      title: 'Name placeholder',
      description: 'Example inside the empty name field.',
      max: 40,
      fieldset: 'form',
    }),
    localizedField({
      name: 'roleLabel',
      title: 'Role label',
      description: 'Label of the role field.',
      max: 40,
      fieldset: 'form',
    }),
    localizedField({
      name: 'rolePlaceholder',
      title: 'Role placeholder',
      description: 'Example inside the empty role field.',
      max: 40,
      fieldset: 'form',
    }),
    localizedField({
      name: 'emailLabel',
      title: 'Email label',
      description: 'Label of the work email field.',
      max: 40,
      fieldset: 'form',
    }),
    localizedField({
      name: 'emailPlaceholder',
      title: 'Email placeholder',
      description: 'Example inside the empty email field.',
      max: 40,
      fieldset: 'form',
    }),
    localizedField({ name: 'buttonText', title: 'Button', description: 'The submit button.', max: 30, fieldset: 'form' }),
    localizedField({
      name: 'buttonLoading',
      title: 'Button while sending',
      description: 'Replaces the button text while the request runs.',
      max: 30,
      fieldset: 'form',
    }),
    localizedField({
      name: 'disclaimer',
      title: 'Disclaimer',
      description: 'Small print under the button.',
      paragraph: true,
      max: 200,
      fieldset: 'form',
    }),
    localizedField({
      name: 'successTitle',
      title: 'Success title',
      description: 'Notification title after signing up.',
      max: 60,
      fieldset: 'messages',
    }),
    localizedField({
      name: 'successDescription',
      title: 'Success text',
      description: 'Notification text after signing up.',
      max: 140,
      fieldset: 'messages',
    }),
    localizedField({
      name: 'errorTitle',
      title: 'Error title',
      description: 'Notification title when signing up failed.',
      max: 60,
      fieldset: 'messages',
    }),
    localizedField({
      name: 'errorDescription',
      title: 'Error text',
      description: 'Notification text when signing up failed.',
      max: 140,
      fieldset: 'messages',
    }),
  ],
  preview: { prepare: () => ({ title: 'Free-trial form' }) },
})
