import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliEnv, ContentCommandError, findToken, parseFlags, requireLogin, resolveTarget } from './content-target.ts'

describe('resolveTarget', () => {
  it('reads the site variables, with production as the default dataset', () => {
    expect(resolveTarget({ SANITY_PROJECT_ID: 'abc123' })).toEqual({ projectId: 'abc123', dataset: 'production' })
  })

  it('reads the Studio variables too, and accepts both pairs when they agree', () => {
    expect(resolveTarget({ SANITY_STUDIO_PROJECT_ID: 'abc123', SANITY_STUDIO_DATASET: 'staging' })).toEqual({
      projectId: 'abc123',
      dataset: 'staging',
    })
    expect(
      resolveTarget({
        SANITY_PROJECT_ID: 'abc123',
        SANITY_STUDIO_PROJECT_ID: 'abc123',
        SANITY_DATASET: 'staging',
        SANITY_STUDIO_DATASET: 'staging',
      }),
    ).toEqual({ projectId: 'abc123', dataset: 'staging' })
  })

  it('treats empty values (as .env.example has them) as unset', () => {
    expect(() => resolveTarget({ SANITY_PROJECT_ID: '', SANITY_STUDIO_PROJECT_ID: ' ' })).toThrow(/SANITY_PROJECT_ID is not set/)
    expect(resolveTarget({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: '' }).dataset).toBe('production')
  })

  it('says how to find the project id when none is set', () => {
    expect(() => resolveTarget({})).toThrow(ContentCommandError)
    expect(() => resolveTarget({})).toThrow(/sanity\.io\/manage.*npx sanity init/)
  })

  it('refuses a site and a Studio that would point at different projects or datasets, listing both', () => {
    let message = ''
    try {
      resolveTarget({
        SANITY_PROJECT_ID: 'abc123',
        SANITY_STUDIO_PROJECT_ID: 'xyz789',
        SANITY_DATASET: 'production',
        SANITY_STUDIO_DATASET: 'staging',
      })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toContain('SANITY_PROJECT_ID ("abc123") and SANITY_STUDIO_PROJECT_ID ("xyz789") differ')
    expect(message).toContain('SANITY_DATASET ("production") and SANITY_STUDIO_DATASET ("staging") differ')
  })

  it.each([
    ['Production', /lowercase/],
    ['p', /2 to 64/],
    ['staging-', /does not end/],
    ['_private', /starts with a letter or digit/],
    ['my dataset', /lowercase letters, digits/],
  ])('rejects the dataset name %j as the CLI would', (dataset, reason) => {
    expect(() => resolveTarget({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: dataset })).toThrow(reason)
  })

  it('rejects a project id the API would not know', () => {
    expect(() => resolveTarget({ SANITY_PROJECT_ID: 'My Project' })).toThrow(/not a project id/)
  })
})

describe('findToken / requireLogin', () => {
  const noFile = () => {
    throw new Error('ENOENT')
  }

  it('finds SANITY_AUTH_TOKEN first, and command-specific token variables', () => {
    expect(findToken({ SANITY_AUTH_TOKEN: 'sk-x' }, [], '/nowhere', noFile)?.source).toBe(
      'the SANITY_AUTH_TOKEN environment variable',
    )
    expect(findToken({ SANITY_IMPORT_TOKEN: 'sk-x' }, ['SANITY_IMPORT_TOKEN'], '/nowhere', noFile)?.source).toBe(
      'the SANITY_IMPORT_TOKEN environment variable',
    )
    expect(findToken({ SANITY_IMPORT_TOKEN: 'sk-x' }, [], '/nowhere', noFile)).toBeUndefined()
  })

  it('finds the login `sanity login` stores in ~/.config/sanity/config.json', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'content-target-'))
    await mkdir(path.join(home, '.config', 'sanity'), { recursive: true })
    const file = path.join(home, '.config', 'sanity', 'config.json')
    expect(findToken({}, [], home)).toBeUndefined()
    await writeFile(file, JSON.stringify({ telemetryConsent: { value: { status: 'denied' } } }))
    expect(findToken({}, [], home)).toBeUndefined()
    await writeFile(file, JSON.stringify({ authToken: 'stored' }))
    expect(findToken({}, [], home)?.source).toBe(`the login in ${file}`)
  })

  it('hands over the token itself, from the variable or from the stored login', async () => {
    expect(findToken({ SANITY_AUTH_TOKEN: ' sk-x ' }, [], '/nowhere', noFile)).toEqual({
      token: 'sk-x',
      source: 'the SANITY_AUTH_TOKEN environment variable',
    })
    const dir = await mkdtemp(path.join(tmpdir(), 'content-target-'))
    const file = path.join(dir, 'config.json')
    await writeFile(file, JSON.stringify({ authToken: 'stored' }))
    expect(findToken({ SANITY_CLI_CONFIG_PATH: file }, [], '/nowhere')).toEqual({
      token: 'stored',
      source: `the login in ${file}`,
    })
  })

  it('honours SANITY_CLI_CONFIG_PATH as the CLI does', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'content-target-'))
    const file = path.join(dir, 'elsewhere.json')
    await writeFile(file, JSON.stringify({ authToken: 'stored' }))
    expect(findToken({ SANITY_CLI_CONFIG_PATH: file }, [], '/nowhere')?.source).toBe(`the login in ${file}`)
  })

  it('explains both ways to log in, with the rights the command needs', () => {
    expect(() => requireLogin({ SANITY_CLI_CONFIG_PATH: '/nowhere/config.json' }, 'Editor')).toThrow(
      /npx sanity login[\s\S]*SANITY_AUTH_TOKEN to an API token.*Editor rights/,
    )
  })
})

describe('parseFlags', () => {
  const options = { missing: { type: 'boolean' }, replace: { type: 'boolean' } } as const

  it('reads the known flags', () => {
    expect(parseFlags(['--replace'], options, 'usage')).toEqual({ replace: true })
    expect(parseFlags([], options, 'usage')).toEqual({})
  })

  it('names an unknown flag or a stray argument, with the usage', () => {
    expect(() => parseFlags(['--force'], options, 'Usage: x')).toThrow(ContentCommandError)
    expect(() => parseFlags(['--force'], options, 'Usage: x')).toThrow(/Unknown option '--force'[\s\S]*\nUsage: x$/)
    expect(() => parseFlags(['replace'], options, 'Usage: x')).toThrow(/'replace'[\s\S]*\nUsage: x$/)
    expect(() => parseFlags(['--replace=yes'], options, 'Usage: x')).toThrow(/--replace[\s\S]*\nUsage: x$/)
    expect(() => parseFlags(['--anything'], {}, 'Usage: y')).toThrow(/Unknown option '--anything'[\s\S]*\nUsage: y$/)
  })
})

describe('cliEnv', () => {
  it('turns off the telemetry consent lookup and the update check, keeping the rest', () => {
    expect(cliEnv({ SANITY_AUTH_TOKEN: 't' })).toMatchObject({
      SANITY_AUTH_TOKEN: 't',
      DO_NOT_TRACK: '1',
      NO_UPDATE_NOTIFIER: '1',
    })
  })
})
