import { defineType } from 'sanity'
import { localizedField } from '../objects/locale-fields'

export const uiStrings = defineType({
  name: 'uiStrings',
  title: 'Interface texts',
  type: 'document',
  fieldsets: [
    { name: 'navigation', title: 'Navigation' },
    { name: 'language', title: 'Language switcher' },
    { name: 'notFound', title: 'Page not found' },
  ],
  fields: [
    localizedField({
      name: 'skipToContent',
      title: 'Skip link',
      description: 'First link for keyboard users, jumps past the header.',
      max: 40,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'navLabel',
      title: 'Navigation name',
      description: 'Read by screen readers for the menu of sections.',
      max: 40,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'navFeatures',
      title: 'Features link',
      description: 'Menu entry that jumps to the features section.',
      max: 20,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'navUseCases',
      title: 'Use cases link',
      description: 'Menu entry that jumps to the use cases section.',
      max: 20,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'navPlatform',
      title: 'Platform link',
      description: 'Menu entry that jumps to the platform section.',
      max: 20,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'headerCta',
      title: 'Header button',
      description: 'The button in the header that jumps to the sign-up form.',
      max: 24,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'menuOpen',
      title: 'Open menu',
      description: 'Read by screen readers on the mobile menu button.',
      max: 30,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'menuClose',
      title: 'Close menu',
      description: 'Read by screen readers on the mobile menu button when open.',
      max: 30,
      fieldset: 'navigation',
    }),
    localizedField({
      name: 'languageLabel',
      title: 'Switcher name',
      description: 'Tooltip and screen-reader name of the language button.',
      max: 30,
      fieldset: 'language',
    }),
    localizedField({
      name: 'notFoundTitle',
      title: 'Heading',
      description: 'Shown on any address that does not exist.',
      max: 60,
      fieldset: 'notFound',
    }),
    localizedField({
      name: 'notFoundLink',
      title: 'Link back',
      description: 'The link back to the landing page.',
      max: 40,
      fieldset: 'notFound',
    }),
  ],
  preview: { prepare: () => ({ title: 'Interface texts' }) },
})
