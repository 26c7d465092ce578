// Test helper: PostgREST's /rpc as a hosted project's secret key reaches it, on a real database of
// either kind: the named arguments of a public function, run as service_role; a set-returning
// function answers its rows as a JSON array, any other its value, as PostgREST does.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { openDatabase, type Database } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import type { DatabaseVariant } from '../database/database-variants.ts'

export async function standInPostgrest(db: Database, secretKey: string, functions: RegExp): Promise<FastifyInstance> {
  const app = Fastify()
  app.post<{ Params: { name: string }; Body: Record<string, unknown> }>('/rest/v1/rpc/:name', async (request, reply) => {
    if (request.headers.apikey !== secretKey) return reply.code(401).send({ message: 'Invalid API key' })
    const { name } = request.params
    if (!functions.test(name)) return reply.code(404).send({ code: 'PGRST202' })
    const args = Object.entries(request.body)
    const call = `public.${name}(${args.map(([arg], i) => `${arg} => $${i + 1}`).join(', ')})`
    const values = args.map(([, value]) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : value))
    const { rows: kind } = await db.query<{ set: boolean }>(
      `select proretset as set from pg_proc where oid = to_regproc('public.' || $1)::oid`,
      [name],
    )
    const { rows } = await db.transaction(async (tx) => {
      await tx.exec('set local role service_role')
      return kind[0]?.set
        ? tx.query<{ result: unknown }>(`select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) as result from ${call} r`, values)
        : tx.query<{ result: unknown }>(`select ${call} as result`, values)
    })
    // Every answer is JSON, a text or a null too ("activated", null), as PostgREST writes it.
    return reply.type('application/json').send(JSON.stringify(rows[0]?.result ?? null))
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}

/** A hosted project as the server's secret-key RPC reaches it: a migrated database behind the stand-in. */
export interface StandInProject {
  db: Database
  /** What the server's hosted clients take: the project's URL and its secret key. */
  url: string
  secretKey: string
  close(): Promise<void>
}

/** A throwaway database of the variant, migrated, with the stand-in PostgREST answering `functions` over /rpc. */
export async function standInProject(variant: DatabaseVariant, functions: RegExp): Promise<StandInProject> {
  const throwaway = await variant.database()
  const workDir = await mkdtemp(join(tmpdir(), 'pulso-stand-in-project-'))
  const db = await openDatabase({ databaseUrl: throwaway.env['DATABASE_URL'], dataDir: workDir })
  await migrate(db, 'supabase/migrations')
  const secretKey = 'sb_secret_stand-in-project-key'
  const postgrest = await standInPostgrest(db, secretKey, functions)
  return {
    db,
    url: `http://127.0.0.1:${(postgrest.server.address() as { port: number }).port}`,
    secretKey,
    async close() {
      await postgrest.close()
      await db.close()
      await throwaway.drop()
      await rm(workDir, { recursive: true, force: true })
    },
  }
}
