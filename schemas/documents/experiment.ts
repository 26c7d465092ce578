import { defineArrayMember, defineField, defineType } from 'sanity'
import {
  DEFAULT_PLANNED_EXPOSURES,
  EXPERIMENT_TYPE,
  MAX_VARIANTS,
  MIN_PLANNED_EXPOSURES,
  type ExperimentStatus,
} from '../experiments'

const statuses: { title: string; value: ExperimentStatus }[] = [
  { title: 'Draft', value: 'draft' },
  { title: 'Running', value: 'running' },
  { title: 'Stopped', value: 'stopped' },
  { title: 'Ended', value: 'ended' },
]

/**
 * A copy experiment (docs/decisions/0046-copy-experiments.md): its variants' ids, as the field with
 * variants refers to them, and its life. Start, stop and promote happen in the Launch tool, which
 * writes the status, the split and the times as the Studio user who clicked; here they are shown.
 */
export const experiment = defineType({
  name: EXPERIMENT_TYPE,
  title: 'Experiment',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      title: 'Name',
      description: 'What it tests, in a few words (“Shorter headline”).',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'variants',
      title: 'Variants',
      description: `Up to ${MAX_VARIANTS} besides the default; the texts are written on the field itself.`,
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'experimentVariant',
          fields: [
            defineField({
              name: 'variantId',
              title: 'Id',
              description: 'What the field’s variant refers to (b, c, d or e).',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'label', title: 'Label', description: 'How the Launch tool names it.', type: 'string' }),
          ],
          preview: { select: { title: 'label', subtitle: 'variantId' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(MAX_VARIANTS),
    }),
    defineField({
      name: 'status',
      title: 'Status',
      description: 'Started, stopped and promoted in the Launch tool.',
      type: 'string',
      options: { list: statuses, layout: 'radio' },
      initialValue: 'draft',
      readOnly: true,
    }),
    defineField({
      name: 'split',
      title: 'Split (%)',
      description: 'The share of visitors for the default, then each variant, set when it starts.',
      type: 'array',
      of: [defineArrayMember({ type: 'number' })],
      readOnly: true,
    }),
    defineField({
      name: 'plannedExposures',
      title: 'Planned visitors',
      description: 'Visitor-days the test is tuned for, all arms together: its interval is narrowest there.',
      type: 'number',
      initialValue: DEFAULT_PLANNED_EXPOSURES,
      validation: (rule) => rule.required().integer().min(MIN_PLANNED_EXPOSURES),
    }),
    defineField({ name: 'startedAt', title: 'Started', description: 'When it was started.', type: 'datetime', readOnly: true }),
    defineField({
      name: 'stoppedAt',
      title: 'Stopped',
      description: 'When it was stopped or promoted.',
      type: 'datetime',
      readOnly: true,
    }),
    defineField({
      name: 'winner',
      title: 'Promoted',
      description: 'The arm whose text became the default.',
      type: 'string',
      readOnly: true,
    }),
  ],
  preview: {
    select: { title: 'title', status: 'status' },
    prepare: ({ title, status }: Record<string, string | undefined>) => ({ title, subtitle: status ?? 'draft' }),
  },
})
