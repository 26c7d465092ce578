import { defineConfig } from 'sanity'
import { structureTool } from 'sanity/structure'
import { visionTool } from '@sanity/vision'
import { schemaTypes } from './schemas/schema-types'
import { singletonTypeNames, structure } from './studio/structure'
import { TranslationStatusBadge } from './studio/translation-badge'

const projectId = process.env.SANITY_STUDIO_PROJECT_ID ?? 'local'
const dataset = process.env.SANITY_STUDIO_DATASET ?? 'production'

export default defineConfig({
  name: 'default',
  title: 'Pulso — landing page',
  projectId,
  dataset,
  plugins: [structureTool({ structure }), visionTool()],
  schema: {
    types: schemaTypes,
    templates: (templates) => templates.filter(({ schemaType }) => !singletonTypeNames.has(schemaType)),
  },
  document: {
    badges: (badges) => [...badges, TranslationStatusBadge],
    actions: (actions, { schemaType }) =>
      singletonTypeNames.has(schemaType)
        ? actions.filter(({ action }) => action !== 'duplicate' && action !== 'delete' && action !== 'unpublish')
        : actions,
  },
})
