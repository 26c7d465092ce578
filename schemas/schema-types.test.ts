import { describe, expect, it } from 'vitest'
import { sectionIds, sectionType } from './page-sections'
import { schemaTypes } from './schema-types'
import { sectionBlocks, sectionPicture } from './blocks/section-blocks'

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

describe('the section blocks', () => {
  const objectTypes = schemaTypes.filter((type) => type.type === 'object') as unknown as FieldLike[]

  it('are the kinds of the list, in its order (the picker’s)', () => {
    expect(sectionBlocks.map((type) => type.name)).toEqual(sectionIds.map((id) => sectionType(id)))
  })

  it('are all in the schema, as objects, each explaining every field and with a picture', () => {
    for (const block of sectionBlocks) {
      const type = objectTypes.find((each) => each.name === block.name)
      expect(type, block.name).toBeDefined()
      const undocumented = fieldsOf(type?.fields, block.name)
        .filter(([, field]) => typeof field.description !== 'string' || field.description.trim() === '')
        .map(([path]) => path)
      expect(undocumented).toEqual([])
      expect(sectionPicture(block.name)).toMatch(/^data:image\/svg\+xml,/)
    }
  })
})
