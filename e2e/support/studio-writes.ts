import { expect } from '@playwright/test'
import { loadConfig } from '../../server/config.ts'
import { localEditors } from '../../server/sanity/local-editor.ts'
import type { OwnServer } from './own-server.ts'

/** Writes `mutations` as the local Studio user (the token its server keeps in DATA_DIR), through the mutate endpoint the Studio calls. */
export async function studioWrite(server: OwnServer, mutations: unknown[]) {
  const { editor } = await localEditors(loadConfig({ DATA_DIR: server.dataDir }))
  const response = await fetch(`${server.url}/v2025-02-19/data/mutate/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}
