import type { SectionId } from '../page-sections'

/** What the Studio says of a section kind: its name, one line on what it shows, and whether a page may hold it once only. */
export interface SectionKind {
  title: string
  description: string
  /** At most one on a page (one `h1`, one form). */
  once?: true
}

/** Each kind of schemas/page-sections.ts as the Studio's picker and a page's list of sections name it. */
export const sectionKinds: { readonly [Id in SectionId]: SectionKind } = {
  hero: { title: 'Hero', description: 'Headline, the old way against the new, buttons to the form.', once: true },
  workflow: { title: 'How it works', description: 'Three numbered steps.' },
  useCases: { title: 'Use cases', description: 'The benefits told per audience.' },
  results: { title: 'Results', description: 'Statistics, chosen from the shared list.' },
  features: { title: 'Features', description: 'Cards with an icon, a title and a sentence.' },
  platform: { title: 'Platform', description: 'Integrations by kind, and security points.' },
  testimonials: { title: 'Testimonials', description: 'Quotes, chosen from the shared list.' },
  cta: { title: 'Call to action', description: 'One line and a button to the form.' },
  freeTrial: { title: 'Free trial', description: 'Benefits beside the sign-up form.', once: true },
  faq: { title: 'FAQ', description: 'Questions and answers that open on a click.' },
  logoRow: { title: 'Logo row', description: 'Names or logos of those who trust the product.' },
  richText: { title: 'Rich text', description: 'Paragraphs, headings, lists and links.' },
}
