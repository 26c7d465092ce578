import { defineCliConfig } from 'sanity/cli'

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID ?? 'local',
    dataset: process.env.SANITY_STUDIO_DATASET ?? 'production',
  },
  typegen: {
    path: './web/src/**/*.{ts,tsx}',
    schema: './schemas/schema.json',
    generates: './schemas/sanity.types.ts',
  },
})
