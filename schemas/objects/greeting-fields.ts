import { localizedField } from './locale-fields'

/**
 * The two greetings every email of the outbox opens with: with the person's name when it looks like
 * one (supabase/functions/_shared/welcome/greeting-name.ts decides), and without it otherwise.
 */
export const greetingFields = (fieldset: string) => [
  localizedField({
    name: 'greeting',
    title: 'Greeting',
    description: 'The first line when the name typed looks like a person’s name; {name} is where it goes.',
    max: 40,
    fieldset,
    placeholders: { allowed: ['name'], required: ['name'] },
  }),
  localizedField({
    name: 'greetingWithoutName',
    title: 'Greeting without a name',
    description: 'The first line when the name typed is not used (a link, a number, symbols, too long).',
    max: 40,
    fieldset,
    placeholders: { allowed: [] },
  }),
]
