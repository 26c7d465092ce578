import { SeedDatasetError } from '../server/sanity/local-dataset.ts'
import { ContentCommandError } from './content-target.ts'
import { SeedFormatError } from './content-seed.ts'

/** Runs a content command; expected failures print their message alone, others their stack. */
export async function runMain(main: () => Promise<void>): Promise<void> {
  try {
    await main()
  } catch (err) {
    const expected = err instanceof ContentCommandError || err instanceof SeedFormatError || err instanceof SeedDatasetError
    const message = err instanceof Error ? (expected ? err.message : (err.stack ?? err.message)) : String(err)
    console.error(`\n${message}`)
    process.exitCode = 1
  }
}
