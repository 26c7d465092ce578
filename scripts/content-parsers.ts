// `npm run typegen` (after Sanity's own typegen): a zod parser for the answer of each query whose
// content reaches a page or a message, written beside the query as `<file>.parser.ts`. Like the query
// types of schemas/sanity.types.ts, the parser is derived from the extracted schema (schemas/schema.json)
// and the query itself, by groq-js's type evaluation, so a field, a document type or a page section
// added to the schema and named in a query is checked without anyone writing its parser
// (docs/decisions/0062-content-parsed-where-it-enters.md). `npm run test:content` fails while one is
// out of date, as it does for the types.
import { readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, relative, resolve } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { parse, typeEvaluate, type ExprNode, type SchemaType, type TypeNode } from 'groq-js'
import { parserSource, type QueryTarget } from './content-parser-source.ts'

const ROOT = resolve(import.meta.dirname, '..')

/** The queries whose answers reach a page or a message, each by the module that declares it and its export. */
export const QUERY_TARGETS: readonly QueryTarget[] = [
  { module: 'web/src/shared/content/page-query.ts', name: 'pageQuery' },
  { module: 'server/site/page-routes-query.ts', name: 'pageRoutesQuery' },
  { module: 'web/src/shared/content/signup-pages-query.ts', name: 'signupPagesQuery' },
  { module: 'supabase/functions/_shared/delivery/mail-copy-query.ts', name: 'mailCopyQuery' },
  { module: 'supabase/functions/_shared/welcome/privacy-note-version-query.ts', name: 'privacyNoteVersionQuery' },
  { module: 'supabase/functions/_shared/updates/update-query.ts', name: 'updateEmailQuery' },
  { module: 'supabase/functions/_shared/updates/update-list-query.ts', name: 'updateEmailsQuery' },
]

/** The parser file written for a query module: beside it, `<file>.parser.ts`. */
export const parserPath = (module: string) => module.replace(/\.ts$/, '.parser.ts')

async function generate(target: QueryTarget, schema: SchemaType): Promise<{ path: string; source: string }> {
  const query = ((await import(resolve(ROOT, target.module))) as Record<string, unknown>)[target.name]
  if (typeof query !== 'string') throw new Error(`${target.module} exports no query named ${target.name}`)
  const ast: ExprNode = parse(query)
  const answer: TypeNode = typeEvaluate(ast, schema)
  const path = resolve(ROOT, parserPath(target.module))
  const runtime = relative(dirname(path), resolve(ROOT, 'supabase/functions/_shared/content/content-parser.ts'))
  const source = parserSource({ target, ast, answer, schema, runtime, queryFile: basename(target.module) })
  return { path, source: await format(source, { ...(await resolveConfig(path)), filepath: path }) }
}

const schema = JSON.parse(await readFile(resolve(ROOT, 'schemas/schema.json'), 'utf8')) as SchemaType
for (const target of QUERY_TARGETS) {
  const { path, source } = await generate(target, schema)
  if ((await readFile(path, 'utf8').catch(() => '')) === source) continue
  await writeFile(path, source)
  console.log(`wrote ${relative(ROOT, path)}`)
}
