import { defineConfig } from 'sanity'
import { structureTool } from 'sanity/structure'
import { visionTool } from '@sanity/vision'
import { schemaTypes } from './schemas/schema-types'
import { singletonTypeNames, structure } from './studio/structure'
import { TranslationStatusBadge } from './studio/translation-badge'
import { sitePresentationTool } from './studio/presentation'
import { launchTool } from './studio/tools/launch/launch-tool'
import { formInput } from './studio/experiment-input'
import { PAGE_TYPE } from './schemas/page-paths'
import { pageActions } from './studio/page-actions'

/** What a singleton's document may not do: be copied, deleted or taken off the site. */
const singletonRemovals: ReadonlySet<string> = new Set(['duplicate', 'delete', 'unpublish'])

const projectId = process.env.SANITY_STUDIO_PROJECT_ID ?? 'local'
const dataset = process.env.SANITY_STUDIO_DATASET ?? 'production'
// The site the Presentation tool shows and the Launch tool reads, running `npm start` locally unless told otherwise.
const previewOrigin = process.env.SANITY_STUDIO_PREVIEW_URL ?? 'http://localhost:3000'

export default defineConfig({
  name: 'default',
  title: 'Pulso — landing page',
  projectId,
  dataset,
  plugins: [
    structureTool({ structure }),
    sitePresentationTool(previewOrigin),
    launchTool({ siteUrl: previewOrigin }),
    visionTool(),
  ],
  schema: {
    types: schemaTypes,
    templates: (templates) => templates.filter(({ schemaType }) => !singletonTypeNames.has(schemaType)),
  },
  // A field with variants (schemas/experiments.ts) gets the experiment controls.
  form: { components: { input: formInput } },
  document: {
    badges: (badges) => [...badges, TranslationStatusBadge],
    actions: (actions, { schemaType, documentId }) => {
      if (singletonTypeNames.has(schemaType)) return actions.filter(({ action }) => !singletonRemovals.has(action ?? ''))
      return schemaType === PAGE_TYPE ? pageActions(actions, documentId) : actions
    },
  },
})
