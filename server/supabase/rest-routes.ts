import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.ts'
import { jsonTextNestsDeeperThan } from '../http/json-depth.ts'
import { fromPgError, postgrestError, type PostgrestAnswer, type PostgrestError } from './postgrest-errors.ts'
import { corsPreflight, forwardedHeaders, requireApiKey } from './gateway.ts'

/**
 * How deep a body may nest (rows in an array, their values in them). No column takes nested data;
 * a body nested deeper is an attack whose parsing and re-serialising would hold the request thread
 * (a few thousand levels fit in a sign-up's 8 KB): it is refused before either.
 */
const MAX_BODY_DEPTH = 8

/** Tables the public key may write to, as PostgREST would expose them. Nothing else answers. */
const EXPOSED_TABLES = ['waitlist'] as const

export interface RestRoutesOptions {
  db: Database
  anonKey: string
  /** Told what became of each insert (the server's metrics). */
  onOutcome?: (outcome: SignupOutcome) => void
}

/**
 * What became of an insert: a row `added`; a `repeat` (answered 201 like any sign-up, no new row: the
 * address was listed, or its mailbox left); `refused` (4xx: the table's rules, a wrong body);
 * `limited` (429); `too_large` (413); `unavailable` (503, the database away); `error` (500).
 */
export type SignupOutcome = 'added' | 'repeat' | 'refused' | 'limited' | 'too_large' | 'unavailable' | 'error'

function outcomeOfStatus(status: number): SignupOutcome {
  if (status < 300) return 'repeat'
  if (status === 413) return 'too_large'
  if (status === 429) return 'limited'
  if (status === 503) return 'unavailable'
  return status >= 500 ? 'error' : 'refused'
}

/**
 * The part of PostgREST supabase-js uses for the waitlist: `POST /rest/v1/waitlist` run as
 * role anon, so the same RLS and CHECK constraints as on Supabase decide, after the same
 * pre-request hook PostgREST runs there (guard.check_request: body size and request limits),
 * whose refusals are answered as PostgREST answers them. Reads, updates and deletes are
 * refused the way PostgREST refuses them for anon.
 */
export const restRoutes: FastifyPluginAsync<RestRoutesOptions> = async (app, { db, anonKey, onOutcome }) => {
  // The public inserts are only as safe as the role they run as: a pooler in front of DATABASE_URL
  // that drops the connections' startup option would run them with the server's own rights.
  const { rows: asAnon } = await db.queryAsAnon<{ role: string }>('select current_user as role')
  if (asAnon[0]?.role !== 'anon') {
    throw new Error(
      `Public inserts must run as role anon, but ran as ${asAnon[0]?.role}: the database connection ignored the startup option role=anon (a connection pooler?). Connect DATABASE_URL to PostgreSQL directly, or let the pooler pass that option.`,
    )
  }
  const columns = new Map<string, Set<string>>()
  for (const table of EXPOSED_TABLES) {
    const { rows } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
      [table],
    )
    columns.set(table, new Set(rows.map((row) => row.column_name)))
  }

  const fail = (reply: FastifyReply, status: number, body: PostgrestError, headers: Record<string, string> = {}) => {
    if (status === 401) reply.header('www-authenticate', 'Bearer')
    return reply.code(status).headers(headers).header('access-control-allow-origin', '*').send(body)
  }

  // A body larger than one sign-up is refused before it is read, let alone inserted: the same
  // bound the pre-request hook applies on Supabase from the Content-Length header.
  const { rows } = await db.query<{ bytes: number }>('select guard.max_signup_body() as bytes')
  const bodyLimit = rows[0]?.bytes
  app.setErrorHandler((error: { code?: string }, _request, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error
    return fail(
      reply,
      413,
      postgrestError('PT413', 'A sign-up is one small JSON object.', `The body may have at most ${bodyLimit} bytes.`),
    )
  })

  // PostgREST parses the body itself: invalid JSON is its PGRST102, not Fastify's error.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', ...(bodyLimit ? { bodyLimit } : {}) }, (_request, body, done) =>
    done(null, body),
  )

  app.addHook('onRequest', requireApiKey(anonKey))

  /** Inserts that added a row; every other answer's outcome is read from its status. */
  const added = new WeakSet<FastifyRequest>()
  if (onOutcome) {
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'POST') onOutcome(added.has(request) ? 'added' : outcomeOfStatus(reply.statusCode))
    })
  }

  /**
   * Counts a refused insert against the client's sign-up limit, as the accepted ones are counted: the
   * pre-request hook's own call, run alone. Its 429 when the client was over the limit already.
   */
  const countRefusal = async (table: string, request: FastifyRequest): Promise<PostgrestAnswer | undefined> => {
    try {
      await db.queryAsAnon(`with ${PRE_REQUEST} select from checked`, [`/${table}`, JSON.stringify(forwardedHeaders(request))])
      return undefined
    } catch (error) {
      const answer = fromPgError(error)
      if (answer.status === 429) return answer
      request.log.warn({ err: error }, 'a refused sign-up could not be counted')
      return undefined
    }
  }

  app.post<{ Params: { table: string } }>('/rest/v1/:table', async (request, reply) => {
    const { table } = request.params
    const tableColumns = columns.get(table)
    if (!tableColumns)
      return fail(reply, 404, postgrestError('PGRST205', `Could not find the table 'public.${table}' in the schema cache`))
    /**
     * A sign-up refused from its body alone (bad JSON, a column the table lacks, an upsert): it costs
     * the client as an acceptance does (decision 0035), else the body's rules could be probed for free;
     * past the limit it is answered 429, as the hook answers any other. PostgREST refuses these before
     * its pre-request hook runs, so hosted Supabase does not count them (docs/operations.md, "Limits").
     */
    const refuse = async (status: number, body: PostgrestError) => {
      const limited = await countRefusal(table, request)
      return limited ? fail(reply, limited.status, limited.body, limited.headers) : fail(reply, status, body)
    }
    const profile = request.headers['content-profile']
    if (profile !== undefined && profile !== 'public') {
      return refuse(406, postgrestError('PGRST106', 'The schema must be one of the following: public'))
    }

    const text = typeof request.body === 'string' ? request.body : ''
    if (jsonTextNestsDeeperThan(text, MAX_BODY_DEPTH)) {
      return refuse(400, postgrestError('PGRST102', 'Empty or invalid json', `A body may nest at most ${MAX_BODY_DEPTH} levels.`))
    }
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      return refuse(400, postgrestError('PGRST102', 'Empty or invalid json'))
    }
    const rows = Array.isArray(payload) ? payload : [payload]
    if (!rows.every((row): row is Record<string, unknown> => typeof row === 'object' && row !== null && !Array.isArray(row))) {
      return refuse(400, postgrestError('PGRST102', 'Empty or invalid json'))
    }
    if (rows.length === 0) return reply.code(201).header('access-control-allow-origin', '*').send()

    const names = [...new Set(rows.flatMap((row) => Object.keys(row)))]
    const unknown = names.find((name) => !tableColumns.has(name))
    if (unknown !== undefined)
      return refuse(400, postgrestError('PGRST204', `Could not find the '${unknown}' column of '${table}' in the schema cache`))

    const prefer = String(request.headers.prefer ?? '')
    // An upsert is INSERT … ON CONFLICT DO UPDATE, which needs the UPDATE right anon does not have.
    if (/resolution=merge-duplicates/.test(prefer)) {
      return refuse(401, postgrestError('42501', `permission denied for table ${table}`))
    }
    const returning = /return=representation/.test(prefer)
    const target = `public.${quote(table)}`
    // One statement, as PostgREST builds it: what it sets before its pre-request hook, the hook
    // itself, then the rows read from the JSON body into the table's own column types. Nested
    // values arrive as their JSON text, as a text column stores them.
    // Rows with no columns at all (`{}`) take every default, as PostgREST does; the table's own
    // rules then answer (a missing address is refused, 400).
    // Last, as PostgREST reads it once every row is in (an aggregate: one answer, rows or none),
    // the status the statement chose itself: the waitlist's trigger answers a refused row so,
    // without an error that would take the request's count back with it (decision 0037).
    const sql = `with ${PRE_REQUEST}, inserted as (
        insert into ${target} ${
          names.length > 0
            ? `(${names.map(quote).join(', ')}) select ${names.map(quote).join(', ')}
               from checked, json_populate_recordset(null::${target}, $3::json)`
            : `select from checked, json_array_elements($3::json)`
        } returning ${returning ? '*' : '1'}
      )
      select count(*) as added, ${returning ? `coalesce(json_agg(inserted), '[]'::json)` : 'null'} as body,
             nullif(current_setting('response.status', true), '') as status
      from inserted`
    // An array stays one, as PostgREST passes it: json_populate_recordset makes it the array a column
    // of that type holds (the waitlist's experiment arms), or its JSON text in a text column.
    const jsonRows = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([name, value]) => [
          name,
          value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : value,
        ]),
      ),
    )

    const clientHeaders = JSON.stringify(forwardedHeaders(request))
    try {
      const { rows: answers } = await db.queryAsAnon<{ added: string; body: unknown; status: string | null }>(sql, [
        `/${table}`,
        clientHeaders,
        JSON.stringify(jsonRows),
      ])
      const [answer] = answers
      if (Number(answer?.added) > 0 && answer?.status === null) added.add(request)
      reply.code(Number(answer?.status ?? 201)).header('access-control-allow-origin', '*')
      return returning ? reply.send(answer?.body) : reply.send()
    } catch (error) {
      const { status, headers, body } = fromPgError(error)
      if (status === 500) request.log.error({ err: error }, 'waitlist insert failed')
      if (status === 503) request.log.warn({ code: body.code }, 'waitlist insert refused: the database cannot take it now')
      // The refused statement took its count back with it; a refusal must cost the client as an
      // acceptance does, or the database validates bodies for free (decision 0035). Refusals by
      // the table's rules do not come here (they answer through response.status); these are the
      // ones PostgreSQL raises before any row exists (a column anon may not write, a value text
      // cannot hold), which on hosted Supabase stay uncounted.
      if (status >= 400 && status < 500 && status !== 429 && status !== 413) await countRefusal(table, request)
      return fail(reply, status, body, headers)
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

/**
 * What PostgREST sets before its pre-request hook, then the hook itself (guard.check_request: body
 * size and request limits), as the CTEs `request` and `checked`; $1 is the path, $2 the headers.
 */
const PRE_REQUEST = `request as materialized (
    select set_config('request.method', 'POST', true), set_config('request.path', $1, true),
           set_config('request.headers', $2, true)
  ), checked as materialized (
    select guard.check_request() from request
  )`

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`
