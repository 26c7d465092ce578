// Content no schema allows, for every field of every document type, listed from the extracted schema
// (schemas/schema.json) so a field or a document type added later is covered without being named
// here: the hostile-content spec writes it through the content API as the Studio writes.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { ObjectTypeNode, SchemaType, TypeNode } from 'groq-js'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'

export interface SeedDocument {
  _id: string
  _type: string
  [field: string]: unknown
}

/** Nested objects, a level at a time: what hosted Sanity stores within its 20 levels of a document. */
const nested = (levels: number): unknown => (levels === 0 ? 'bottom' : { pt: nested(levels - 1), list: [levels] })

/** One of each kind of wrong value; a text is content wherever the schema has a text. */
export const hostileValues = {
  text: 'Hostile text where the schema has something else',
  object: { pt: [1], en: { en: 'nested' }, _type: 7 },
  number: 42,
  null: null,
  list: [{ pt: null }, 5, 'text', null, [], { _key: 'k', _type: 'localeString', pt: 7 }],
  deep: nested(15),
} as const
export type HostileKind = keyof typeof hostileValues

/** A text of a megabyte: valid wherever a text goes, it tests size, not type. */
export const HUGE_TEXT = 'x'.repeat(1024 * 1024)

/** Sanity's own fields of a document, which no editor writes. */
const SYSTEM_FIELDS = new Set(['_id', '_type', '_createdAt', '_updatedAt', '_rev'])

export interface Schema {
  documents: Map<string, ObjectTypeNode>
  types: Map<string, TypeNode>
}

export async function readSchema(): Promise<Schema> {
  const path = fileURLToPath(new URL('../../schemas/schema.json', import.meta.url))
  const schema = JSON.parse(await readFile(path, 'utf8')) as SchemaType
  const documents = new Map<string, ObjectTypeNode>()
  const types = new Map<string, TypeNode>()
  for (const entry of schema) {
    // Asset documents are Sanity's, made by an upload (offline, from the seed's files), never by an editor's write.
    if (entry.type === 'document' && !entry.name.startsWith('sanity.'))
      documents.set(entry.name, { type: 'object', attributes: entry.attributes })
    if (entry.type === 'type') types.set(entry.name, entry.value)
  }
  return { documents, types }
}

/**
 * A value of `type`'s shape whose every leaf is `leaf`: the objects, lists and `_type`s a field
 * should have are there, what they hold is wrong. Each list holds such an item and a wrong one.
 */
export function shaped(type: TypeNode, leaf: unknown, schema: Schema): unknown {
  switch (type.type) {
    case 'inline': {
      const declared = schema.types.get(type.name)
      return declared ? shaped(declared, leaf, schema) : leaf
    }
    case 'union': {
      const member = type.of.find((candidate) => candidate.type !== 'null')
      return member ? shaped(member, leaf, schema) : leaf
    }
    case 'array': {
      // A list of several kinds (a page's sections) holds one of each kind.
      const kinds = type.of.type === 'union' ? type.of.of.filter((member) => member.type !== 'null') : [type.of]
      return [...kinds.map((kind) => shaped(kind, leaf, schema)), leaf].map((item, i) =>
        typeof item === 'object' && item !== null && !Array.isArray(item) ? { _key: `hostile${i}`, ...item } : item,
      )
    }
    case 'object': {
      if (type.rest?.type === 'unknown') return leaf
      const rest = type.rest ? shaped(type.rest, leaf, schema) : {}
      const fields = Object.entries(type.attributes).map(([name, attribute]) => {
        const value = attribute.value
        // A Sanity object's `_type` says which object it is: kept, so what is inside it is what is wrong.
        const kept = name === '_type' && value.type === 'string' && value.value !== undefined
        return [name, kept ? value.value : shaped(value, leaf, schema)]
      })
      return { ...(typeof rest === 'object' ? rest : {}), ...Object.fromEntries(fields) }
    }
    default:
      return leaf
  }
}

/** A page document: its sections, each an object of its kind. */
export type PageDocument = SeedDocument & { sections: Record<string, unknown>[] }

/**
 * `page` with its title `leaf`, and in each section the fields named (all its own when none are: every
 * one but `_key`, `_type` and `hidden`) `leaf` too; its addresses kept, so that the server still routes
 * it and shows it with each wrong field's fallback.
 */
export function hostilePage<Page extends PageDocument>(page: Page, leaf: unknown, fields?: readonly string[]): Page {
  const own = (name: string) => !name.startsWith('_') && name !== 'hidden' && (!fields || fields.includes(name))
  const sections = page.sections.map((section) =>
    Object.fromEntries(Object.entries(section).map(([name, value]) => [name, own(name) ? leaf : value])),
  )
  return { ...page, title: leaf, sections }
}

/**
 * Every field of every document the schema has, hostile: the seed's documents, and one more of each
 * type the seed has none of. `inside` writes the value at each field's leaves (shaped), else in
 * place of the whole field.
 */
export function hostileDocuments(
  seed: readonly SeedDocument[],
  schema: Schema,
  kind: HostileKind,
  inside: boolean,
): SeedDocument[] {
  const leaf = hostileValues[kind]
  const documents = [...schema.documents.keys()].flatMap((type) => {
    const ofType = seed.filter((document) => document._type === type)
    return ofType.length > 0 ? ofType : [{ _id: `hostile-${type}`, _type: type }]
  })
  return documents.map((document) => {
    const { attributes } = schema.documents.get(document._type) as ObjectTypeNode
    const fields = Object.entries(attributes)
      .filter(([name]) => !SYSTEM_FIELDS.has(name))
      .map(([name, attribute]) => [name, inside ? shaped(attribute.value, leaf, schema) : leaf])
    return { _id: document._id, _type: document._type, ...Object.fromEntries(fields) }
  })
}

/**
 * A megabyte of text in the first field of every document (a field of each kind the schema has, one
 * document or another), and in the home page's hero headline in both languages, where it is shown. One
 * write of hosted Sanity takes 4 MB: a megabyte in every field would be no document an editor can save.
 */
export function hugeDocuments(seed: readonly SeedDocument[], schema: Schema): SeedDocument[] {
  return hostileDocuments(seed, schema, 'null', false).map(({ _id, _type }) => {
    const original = seed.find((document) => document._id === _id) ?? { _id, _type }
    const [first] = Object.keys((schema.documents.get(_type) as ObjectTypeNode).attributes).filter(
      (name) => !SYSTEM_FIELDS.has(name),
    )
    const headline = { _type: 'experimentLocaleString', default: { _type: 'localeString', pt: HUGE_TEXT, en: HUGE_TEXT } }
    const huge = { ...original, ...(first ? { [first]: HUGE_TEXT } : {}) }
    if (_id !== HOME_PAGE_ID) return huge
    // Its sections stay (the first field is its title), the hero's headline a megabyte long.
    const sections = original['sections'] as Record<string, unknown>[]
    return {
      ...huge,
      sections: sections.map((section) => (section['_type'] === 'heroSection' ? { ...section, headline } : section)),
    }
  })
}
