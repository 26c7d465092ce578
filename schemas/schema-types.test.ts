import { describe, expect, it } from 'vitest'
import { pageSections } from './page-sections'
import { schemaTypes, sectionTypes } from './schema-types'

interface FieldLike {
  name: string
  type: string
  description?: unknown
  fields?: FieldLike[]
  of?: FieldLike[]
}

/** Every field a marketer fills in, with its path: nested object fields and list items' fields too. */
function fieldsOf(fields: FieldLike[] | undefined, parent: string): [string, FieldLike][] {
  return (fields ?? []).flatMap((field) => {
    const path = `${parent}.${field.name}`
    const itemFields = (field.of ?? []).flatMap((item) => fieldsOf(item.fields, `${path}[]`))
    return [[path, field] as [string, FieldLike], ...fieldsOf(field.fields, path), ...itemFields]
  })
}

const documentTypes = schemaTypes.filter((type) => type.type === 'document') as unknown as (FieldLike & {
  preview?: { prepare?: unknown }
})[]

describe('the content model as editors meet it', () => {
  it.each(documentTypes.map((type) => [type.name, type] as const))('%s explains every field', (name, type) => {
    const undocumented = fieldsOf(type.fields, name)
      .filter(([, field]) => typeof field.description !== 'string' || field.description.trim() === '')
      .map(([path]) => path)
    expect(undocumented).toEqual([])
  })

  it.each(documentTypes.map((type) => [type.name, type] as const))('%s previews its translation status', (_name, type) => {
    expect(type.preview?.prepare).toBeTypeOf('function')
  })
})

describe('the section types', () => {
  it('are the page sections’ documents, in page order', () => {
    expect(sectionTypes.map((type) => type.name)).toEqual(pageSections.map((section) => section.schemaType))
  })

  it('are all in the schema, as documents', () => {
    for (const { name } of sectionTypes) expect(documentTypes.map((type) => type.name)).toContain(name)
  })
})
