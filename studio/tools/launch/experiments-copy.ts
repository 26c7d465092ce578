import type { ExperimentResult } from './launch-api.ts'
import { MAX_ARM_SETS, MAX_RUNNING, variantLabel } from '../../../schemas/experiments.ts'

const percent = (share: number | null, digits = 1) => (share === null ? '—' : `${(share * 100).toFixed(digits)} %`)
const points = (difference: number) => `${difference >= 0 ? '+' : '−'}${Math.abs(difference * 100).toFixed(2)} pts`

/** The Experiments tab's words (the Studio speaks English to the team, as the rest of the tool does). */
export const experimentsCopy = {
  intro:
    'Test another text for a headline, a button or a heading. Visitors are assigned on the server, by a daily hash of their address and browser: no cookie, no flicker. A visitor may see another variant on another day; results are counted per visitor-day, one visitor per address a day, and a sign-up converts once it is confirmed.',
  unavailable: 'Experiments run where visitors are counted: this site counts none (hosted Supabase needs its secret key).',
  noWriter:
    'Open the tool from the Studio (or with npm run launch:open) to create, start, stop or promote: your session writes the changes.',
  none: 'No experiment yet.',
  newTitle: 'New experiment',
  field: 'Text to test',
  name: 'Name',
  namePlaceholder: 'Shorter headline',
  variant: variantLabel,
  portuguese: 'Português',
  english: 'English',
  addVariant: 'Add a variant',
  removeVariant: 'Remove the last variant',
  planned: 'Planned visitors (all arms)',
  create: 'Create experiment',
  created: 'Created: set the split and start it below.',
  noFreeField: 'Every text that can be tested has an experiment already.',
  tooLong: (max: number) => `At most ${max} characters in each language.`,
  required: 'Write both languages of every variant, and a name.',
  status: { draft: 'Draft', running: 'Running', stopped: 'Stopped', ended: 'Ended' },
  on: (title: string) => `on ${title}`,
  detached: 'not on any field',
  split: 'Split (%)',
  splitArm: (label: string) => `Share of ${label} (%)`,
  splitTotal: 'The shares must add up to 100.',
  noRoom: `The running experiments leave no room for this one: at most ${MAX_RUNNING} run at once, making at most ${MAX_ARM_SETS} combinations of variants. Stop one, or test fewer variants.`,
  notServed: `Running, but nobody is assigned in it: the experiments started before it already make the most combinations of variants served at once (${MAX_ARM_SETS}), or ${MAX_RUNNING} run. Stop one of them, or this one.`,
  start: 'Start',
  stop: 'Stop',
  promote: 'Promote',
  promoteWinner: (label: string) => `Promote the winner: ${label}`,
  promoteTitle: (label: string) => `Promote ${label}?`,
  promoteBody: (label: string, verdict: boolean) =>
    `${label}'s text becomes the field's text for everyone, in both languages; the variants are removed and the experiment ends.${verdict ? '' : ' The results have no verdict for it: you are choosing without one.'}`,
  promoteConfirm: 'Promote',
  cancel: 'Cancel',
  columns: {
    arm: 'Arm',
    text: 'Text (pt / en)',
    share: 'Split',
    exposures: 'Visitors exposed',
    confirmations: 'Confirmed sign-ups',
    unconfirmed: 'Awaiting confirmation',
    conversion: 'Conversion (confirmed)',
    difference: 'Against the default (interval)',
    pValue: 'Always-valid p',
    action: 'Actions',
  },
  percent,
  differenceOf: (difference: number, interval: [number, number] | null) =>
    interval
      ? `${points(difference)} (${points(interval[0])} to ${points(interval[1])})`
      : `${points(difference)} (no interval yet)`,
  resultsOf: (title: string) => `Results of ${title}`,
  overBound: ({ exposures, signups }: ExperimentResult['overBound']) =>
    `Counted for no arm, from clients over the bound (another browser of an address already counted that day, a repeat sign-up, or more page views a minute than the counting takes from one address): ${exposures} page ${exposures === 1 ? 'view' : 'views'}, ${signups} ${signups === 1 ? 'sign-up' : 'sign-ups'}.`,
  verdict: (experiment: ExperimentResult): string => {
    const { verdict } = experiment
    const label = (id: string) => experiment.arms.find((arm) => arm.id === id)?.label ?? id
    switch (verdict.kind) {
      case 'collecting':
        return `Collecting: every arm needs 100 visitors before any verdict (${verdict.exposuresNeeded} more for the smallest).`
      case 'mismatch':
        return `Assignment looks broken: the visitors do not follow the planned split (sample-ratio mismatch, p = ${experiment.sampleRatio.pValue.toExponential(1)}). No verdict until it is mended.`
      case 'winner':
        return `${label(verdict.arm)} converts better than the default. This verdict holds however often you look.`
      case 'default-wins':
        return 'The default converts better than every variant.'
      case 'no-difference-yet':
        return 'No difference yet: keep it running, or stop it. Looking again does not make a false winner more likely.'
    }
  },
}
