/**
 * What the content commands (`npm run content:import`, `content:export`, `content:migrate`) need
 * before they reach Sanity: which project and dataset (from the same variables the site and the
 * Studio read), a login, and the environment that keeps the CLI off the network for anything but the job.
 */
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import isPlainObject from 'is-plain-obj'

export type Env = Readonly<Record<string, string | undefined>>

export interface SanityTarget {
  projectId: string
  dataset: string
}

/** A problem the person running the command can fix; the message says how. */
export class ContentCommandError extends Error {
  override name = 'ContentCommandError'
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const seedDir = path.join(repoRoot, 'studio', 'seed')
export const sanityBin = path.join(repoRoot, 'node_modules', '.bin', 'sanity')

const PROJECT_VARS = ['SANITY_PROJECT_ID', 'SANITY_STUDIO_PROJECT_ID'] as const
const DATASET_VARS = ['SANITY_DATASET', 'SANITY_STUDIO_DATASET'] as const

/**
 * The project and dataset to import into or export from. The site reads `SANITY_PROJECT_ID` /
 * `SANITY_DATASET`, the Studio `SANITY_STUDIO_*` (sanity.cli.ts, sanity.config.ts): either
 * pair works, and if both are set they must agree. Lists every problem in one error.
 */
export function resolveTarget(env: Env): SanityTarget {
  const problems: string[] = []
  const projectId = pick(env, PROJECT_VARS, problems)
  const dataset = pick(env, DATASET_VARS, problems) ?? 'production'
  if (projectId === undefined) {
    if (!problems.some((p) => p.startsWith('SANITY_PROJECT_ID'))) {
      problems.push(
        'SANITY_PROJECT_ID is not set: put your Sanity project id (sanity.io/manage, or what `npx sanity init` printed) in .env or the shell.',
      )
    }
  } else if (!/^[a-z0-9][a-z0-9-]*$/.test(projectId)) {
    problems.push(`SANITY_PROJECT_ID "${projectId}" is not a project id (lowercase letters, digits and dashes).`)
  }
  const datasetProblem = datasetNameProblem(dataset)
  if (datasetProblem) problems.push(`SANITY_DATASET "${dataset}": ${datasetProblem}.`)
  if (problems.length > 0 || projectId === undefined) throw new ContentCommandError(problems.join('\n'))
  return { projectId, dataset }
}

function pick(env: Env, names: readonly [string, string], problems: string[]): string | undefined {
  const [siteName, studioName] = names
  const site = nonEmpty(env[siteName])
  const studio = nonEmpty(env[studioName])
  if (site !== undefined && studio !== undefined && site !== studio) {
    problems.push(
      `${siteName} ("${site}") and ${studioName} ("${studio}") differ: the site would read one and the Studio edit the other. Set both to the same value, or unset one.`,
    )
  }
  return site ?? studio
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** The Sanity CLI's own dataset name rules (validateDatasetName in @sanity/cli). */
export function datasetNameProblem(name: string): string | undefined {
  if (name.length < 2 || name.length > 64) return 'a dataset name has 2 to 64 characters'
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(name)) {
    return 'a dataset name has lowercase letters, digits, dashes and underscores, and starts with a letter or digit'
  }
  if (/[-_]$/.test(name)) return 'a dataset name does not end with a dash or an underscore'
  return undefined
}

/** A login the CLI (or a script with @sanity/client) can use: the token itself and where it came from. */
export interface Login {
  token: string
  /** Where the token came from, for messages: "the SANITY_AUTH_TOKEN environment variable". */
  source: string
}

/**
 * Where the CLI will find a token, as it looks for one (SANITY_AUTH_TOKEN, then the file
 * `sanity login` writes); undefined when it would stop with "You must login first".
 * `extraVars` are command-specific token variables (the import also reads SANITY_IMPORT_TOKEN).
 */
export function findToken(
  env: Env,
  extraVars: readonly string[] = [],
  home: string = homedir(),
  readFile: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): Login | undefined {
  for (const name of ['SANITY_AUTH_TOKEN', ...extraVars]) {
    const token = nonEmpty(env[name])
    if (token !== undefined) return { token, source: `the ${name} environment variable` }
  }
  const configFile = nonEmpty(env['SANITY_CLI_CONFIG_PATH']) ?? path.join(home, '.config', 'sanity', 'config.json')
  try {
    const config: unknown = JSON.parse(readFile(configFile))
    if (isPlainObject(config) && typeof config['authToken'] === 'string' && config['authToken'] !== '') {
      return { token: config['authToken'], source: `the login in ${configFile}` }
    }
  } catch {
    // No file or not JSON: not logged in.
  }
  return undefined
}

/** The login, or an error saying both ways to get one and the rights the command needs. */
export function requireToken(env: Env, rights: string, extraVars: readonly string[] = []): Login {
  const login = findToken(env, extraVars)
  if (login === undefined) {
    throw new ContentCommandError(
      [
        'Not logged in to Sanity. Either run `npx sanity login` (opens a browser; the CLI keeps the login),',
        `or set SANITY_AUTH_TOKEN to an API token (sanity.io/manage → your project → API → Tokens, ${rights} rights).`,
      ].join('\n'),
    )
  }
  return login
}

export function requireLogin(env: Env, rights: string, extraVars: readonly string[] = []): string {
  return requireToken(env, rights, extraVars).source
}

/** The project's own Sanity CLI (installed with the dependencies), or a message saying how to get it. */
export function requireSanityCli(): string {
  if (!existsSync(sanityBin)) throw new ContentCommandError(`${sanityBin} is missing: run \`npm install\` first.`)
  return sanityBin
}

/** The CLI's telemetry asks the API for consent first; offline that waits on the network. */
export function cliEnv(env: Env): Record<string, string | undefined> {
  return { ...env, DO_NOT_TRACK: '1', SANITY_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1' }
}

/** Rejects any option not in `options` and any positional argument, so a typo never runs a hosted import the wrong way. */
export function parseFlags<const O extends Record<string, { type: 'boolean' }>>(args: string[], options: O, usage: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new ContentCommandError(`${error instanceof Error ? error.message : String(error)}\n${usage}`, { cause: error })
  }
}
