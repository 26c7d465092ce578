// Vitest global setup of the server project: the migrated embedded database its test files copy
// instead of creating and migrating their own (pglite-template.ts).
import { makePgliteTemplate, offerPgliteTemplate } from './pglite-template.ts'

export default async function setup() {
  const template = await makePgliteTemplate()
  offerPgliteTemplate(template.dataDir)
  return async () => {
    offerPgliteTemplate(undefined)
    await template.remove()
  }
}
