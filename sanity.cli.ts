import { defineCliConfig } from 'sanity/cli'

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID ?? 'local',
    dataset: process.env.SANITY_STUDIO_DATASET ?? 'production',
  },
  typegen: {
    // The page's queries, the welcome email's, which the edge functions share with the server, the
    // running experiments the server assigns visitors to, and the pages' addresses it routes by.
    path: [
      './web/src/**/*.{ts,tsx}',
      './supabase/functions/_shared/**/*.ts',
      './server/experiments/*.ts',
      './server/site/page-routes-query.ts',
    ],
    schema: './schemas/schema.json',
    generates: './schemas/sanity.types.ts',
  },
})
