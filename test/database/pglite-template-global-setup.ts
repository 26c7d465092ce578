// Global setup of Vitest's server project and of Playwright: the migrated embedded database their
// test files and specs' own servers copy instead of making again (pglite-template.ts); the workers
// both start afterwards inherit the variable it sets.
import { makePgliteTemplate, offerPgliteTemplate } from './pglite-template.ts'

export default async function setup() {
  const template = await makePgliteTemplate()
  offerPgliteTemplate(template.dataDir)
  return async () => {
    offerPgliteTemplate(undefined)
    await template.remove()
  }
}
