import { defineCliConfig } from 'sanity/cli'

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID ?? 'local',
    dataset: process.env.SANITY_STUDIO_DATASET ?? 'production',
  },
  typegen: {
    // The page's queries, the welcome email's, which the edge functions share with the server, and
    // the running experiments the server assigns visitors to.
    path: ['./web/src/**/*.{ts,tsx}', './supabase/functions/_shared/**/*.ts', './server/experiments/*.ts'],
    schema: './schemas/schema.json',
    generates: './schemas/sanity.types.ts',
  },
})
