// Playwright global setup: the migrated embedded database the specs' own servers copy instead of each
// creating and migrating one (test/database/pglite-template.ts); workers inherit the variable it sets.
import { makePgliteTemplate, offerPgliteTemplate } from '../../test/database/pglite-template.ts'

export default async function setup() {
  const template = await makePgliteTemplate()
  offerPgliteTemplate(template.dataDir)
  return async () => {
    offerPgliteTemplate(undefined)
    await template.remove()
  }
}
