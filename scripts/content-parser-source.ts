import type { ExprNode, ObjectTypeNode, SchemaType, TypeNode } from 'groq-js'
import { answerSources } from './answer-sources.ts'

export interface QueryTarget {
  /** The module that declares the query, from the repository's root. */
  module: string
  /** The query's export there. */
  name: string
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name))
/** A named schema type as a constant: `sanity.imageHotspot` → `sanityImageHotspot`. */
const constantOf = (name: string) => name.replace(/[^A-Za-z0-9]+(.)/g, (_, next: string) => next.toUpperCase())

/**
 * The zod code of a type node, with `f.` where content may be absent (content-fields.ts). Named
 * schema types (`inline`) become constants, written once before the answer's type; `named` collects
 * them in the order they must be declared.
 */
class Emitter {
  readonly named = new Map<string, string>()
  readonly #declarations: ReadonlyMap<string, TypeNode>
  readonly #declaring = new Set<string>()

  constructor(schema: SchemaType) {
    this.#declarations = new Map(
      schema.map((entry) => [entry.name, entry.type === 'type' ? entry.value : { type: 'object', attributes: entry.attributes }]),
    )
  }

  type(node: TypeNode): string {
    switch (node.type) {
      case 'string':
      case 'number':
      case 'boolean':
        return node.value === undefined ? `z.${node.type}()` : `z.literal(${JSON.stringify(node.value)})`
      case 'null':
        return 'z.null()'
      case 'unknown':
        return 'z.unknown()'
      case 'inline':
        return this.#inline(node.name)
      case 'array':
        return `f.list(${this.type(node.of)})`
      case 'object':
        return this.#object(node)
      case 'union':
        return this.#union(node.of)
    }
  }

  #inline(name: string): string {
    const constant = constantOf(name)
    if (this.named.has(name)) return constant
    const declared = this.#declarations.get(name)
    if (!declared) throw new Error(`the schema has no type named ${name}`)
    if (this.#declaring.has(name))
      throw new Error(`${name} refers to itself: a recursive type needs z.lazy, which this generator does not write`)
    this.#declaring.add(name)
    this.named.set(name, this.type(declared))
    return constant
  }

  #object(node: ObjectTypeNode): string {
    const spreads: string[] = []
    const attributes = { ...node.attributes }
    let rest = node.rest
    while (rest?.type === 'object') {
      Object.assign(attributes, rest.attributes)
      rest = rest.rest
    }
    if (rest?.type === 'inline') spreads.push(`...${this.#inline(rest.name)}.shape`)
    if (rest?.type === 'unknown') return 'z.unknown()'
    const fields = Object.entries(attributes).map(([name, attribute]) => {
      const { value } = attribute
      const sanityType = name === '_type' && value.type === 'string' && value.value !== undefined
      const type = sanityType ? `f.sanityType(${JSON.stringify(value.value)})` : this.type(value)
      return `${key(name)}: ${attribute.optional ? `f.optional(${type})` : type}`
    })
    return `z.object({ ${[...spreads, ...fields].join(', ')} })`
  }

  #union(of: readonly TypeNode[]): string {
    const members = of.flatMap((member) => (member.type === 'union' ? member.of : [member]))
    const unique = [...new Map(members.map((member) => [JSON.stringify(member), member])).values()]
    const present = unique.filter((member) => member.type !== 'null')
    const nullable = present.length < unique.length
    if (present.length === 0) return 'z.null()'
    const inner = present.length === 1 ? this.type(present[0] as TypeNode) : this.#choice(present)
    return nullable ? `f.nullable(${inner})` : inner
  }

  /** Several kinds: texts from a list, Sanity objects told apart by their `_type`, anything else in turn. */
  #choice(members: readonly TypeNode[]): string {
    if (members.every((member) => member.type === 'string' && member.value !== undefined)) {
      return `z.enum(${JSON.stringify(members.map((member) => (member as { value: string }).value))})`
    }
    const types = members.map((member) => this.type(member))
    const typed = members.every((member) => this.#typeLiteral(member) !== undefined)
    return typed ? `z.discriminatedUnion('_type', [${types.join(', ')}])` : `z.union([${types.join(', ')}])`
  }

  /** The `_type` an object member always has, from its own attributes or those it takes from a named type. */
  #typeLiteral(member: TypeNode | undefined): string | undefined {
    const node = member?.type === 'inline' ? this.#declarations.get(member.name) : member
    if (node?.type !== 'object') return undefined
    const type = node.attributes['_type']?.value
    return type?.type === 'string' && type.value !== undefined ? type.value : this.#typeLiteral(node.rest)
  }
}

/**
 * The parser module of one query: its answer's type as zod (strict or lenient by the fields it is
 * built with) and the document each part of the answer comes from.
 */
export function parserSource(options: {
  target: QueryTarget
  ast: ExprNode
  answer: TypeNode
  schema: SchemaType
  /** The runtime's module (content-parser.ts), relative to the parser's. */
  runtime: string
  queryFile: string
}): string {
  const { target, ast, answer, schema, runtime, queryFile } = options
  const emitter = new Emitter(schema)
  const root = emitter.type(answer)
  const constants = [...emitter.named].map(([name, type]) => `const ${constantOf(name)} = ${type}`)
  return `// Generated by \`npm run typegen\` (scripts/content-parsers.ts) from schemas/schema.json and
// ${target.name} (${queryFile}). Do not edit: change the schema or the query and run it again.
import { z } from 'zod/mini'
import { contentParser } from '${runtime.startsWith('.') ? runtime : `./${runtime}`}'

/** ${target.name}'s answer as the schema types it, and the document each part of it comes from. */
export const ${target.name}Parser = contentParser(
  (f) => {
    ${constants.join('\n    ')}
    return ${root}
  },
  ${JSON.stringify(answerSources(ast, target.name))},
)
`
}
