import { readdir, readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'

const supabaseDir = import.meta.dirname

describe('supabase/config.toml', () => {
  it('turns the gateway’s JWT check off for every function, each of which checks the caller’s key itself', async () => {
    const config = parse(await readFile(resolve(supabaseDir, 'config.toml'), 'utf8')) as {
      functions?: Record<string, { verify_jwt?: boolean; entrypoint?: string }>
    }
    const folders = (await readdir(resolve(supabaseDir, 'functions'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .sort()
    expect(Object.keys(config.functions ?? {}).sort()).toEqual(folders)
    for (const name of folders) {
      expect(config.functions?.[name]).toMatchObject({ verify_jwt: false, entrypoint: `./functions/${name}/index.ts` })
      const source = await readFile(resolve(supabaseDir, 'functions', name, 'index.ts'), 'utf8')
      expect(source, `${name} checks the key (guarded)`).toMatch(/guarded\('(public|secret)'/)
    }
  })
})
