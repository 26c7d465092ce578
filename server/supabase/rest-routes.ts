import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Database } from '../db/database.ts'
import { fromPgError, postgrestError, type PostgrestError } from './postgrest-errors.ts'
import { corsPreflight, requireApiKey } from './gateway.ts'

/** Tables the public key may write to, as PostgREST would expose them. Nothing else answers. */
const EXPOSED_TABLES = ['waitlist'] as const

export interface RestRoutesOptions {
  db: Database
  anonKey: string
}

/**
 * The part of PostgREST supabase-js uses for the waitlist: `POST /rest/v1/waitlist` run as
 * role anon, so the same RLS and CHECK constraints as on Supabase decide. Reads, updates
 * and deletes are refused the way PostgREST refuses them for anon.
 */
export const restRoutes: FastifyPluginAsync<RestRoutesOptions> = async (app, { db, anonKey }) => {
  const columns = new Map<string, Set<string>>()
  for (const table of EXPOSED_TABLES) {
    const { rows } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
      [table],
    )
    columns.set(table, new Set(rows.map((row) => row.column_name)))
  }

  // PostgREST parses the body itself: invalid JSON is its PGRST102, not Fastify's error.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.addHook('onRequest', requireApiKey(anonKey))

  const fail = (reply: FastifyReply, status: number, body: PostgrestError) => {
    if (status === 401) reply.header('www-authenticate', 'Bearer')
    return reply.code(status).header('access-control-allow-origin', '*').send(body)
  }

  app.post<{ Params: { table: string } }>('/rest/v1/:table', async (request, reply) => {
    const { table } = request.params
    const tableColumns = columns.get(table)
    if (!tableColumns)
      return fail(reply, 404, postgrestError('PGRST205', `Could not find the table 'public.${table}' in the schema cache`))
    const profile = request.headers['content-profile']
    if (profile !== undefined && profile !== 'public') {
      return fail(reply, 406, postgrestError('PGRST106', 'The schema must be one of the following: public'))
    }

    let payload: unknown
    try {
      payload = JSON.parse(typeof request.body === 'string' ? request.body : '')
    } catch {
      return fail(reply, 400, postgrestError('PGRST102', 'Empty or invalid json'))
    }
    const rows = Array.isArray(payload) ? payload : [payload]
    if (!rows.every((row): row is Record<string, unknown> => typeof row === 'object' && row !== null && !Array.isArray(row))) {
      return fail(reply, 400, postgrestError('PGRST102', 'Empty or invalid json'))
    }
    if (rows.length === 0) return reply.code(201).header('access-control-allow-origin', '*').send()

    const names = [...new Set(rows.flatMap((row) => Object.keys(row)))]
    const unknown = names.find((name) => !tableColumns.has(name))
    if (unknown !== undefined)
      return fail(
        reply,
        400,
        postgrestError('PGRST204', `Could not find the '${unknown}' column of '${table}' in the schema cache`),
      )

    const params: unknown[] = []
    const values = rows.map(
      (row) =>
        `(${names
          .map((name) => {
            const value = row[name]
            params.push(value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null))
            return `$${params.length}`
          })
          .join(', ')})`,
    )
    const returning = /return=representation/.test(String(request.headers.prefer ?? '')) ? ' returning *' : ''
    // Rows with no columns at all (`{}`) take every default, as PostgREST does; the table's own
    // rules then answer (a missing address is a not-null violation, 400).
    const sql =
      names.length > 0
        ? `insert into public.${quote(table)} (${names.map(quote).join(', ')}) values ${values.join(', ')}${returning}`
        : `insert into public.${quote(table)} select from generate_series(1, ${rows.length})${returning}`

    try {
      const inserted = await db.transaction((tx) => tx.query(sql, params), 'anon')
      reply.code(201).header('access-control-allow-origin', '*')
      return returning ? reply.send(inserted.rows) : reply.send()
    } catch (error) {
      const { status, body } = fromPgError(error)
      if (status === 500) request.log.error({ err: error }, 'waitlist insert failed')
      return fail(reply, status, body)
    }
  })

  // Reads, updates, deletes, upserts: anon has no such right on any exposed table.
  app.all<{ Params: { '*': string } }>('/rest/v1/*', async (request, reply) => {
    if (request.method === 'OPTIONS') return corsPreflight(request, reply)
    const table = request.params['*'].split(/[/?]/)[0] ?? ''
    if (!columns.has(table)) return fail(reply, 404, postgrestError('PGRST205', 'Could not find the table in the schema cache'))
    return fail(reply, 401, postgrestError('42501', `permission denied for table ${table}`))
  })
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`
