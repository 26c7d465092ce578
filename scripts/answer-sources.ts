import type { ExprNode } from 'groq-js'
import type { AnswerSource, AnswerSources } from '../supabase/functions/_shared/content/content-parser.ts'

type Node = ExprNode & Record<string, unknown>

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && 'type' in value

/** The string a filter compares `name` with (`_type == "hero"`), in an `&&` of comparisons. */
function compared(expr: Node, name: string): string | undefined {
  if (expr.type === 'And') return compared(expr['left'] as Node, name) ?? compared(expr['right'] as Node, name)
  if (expr.type !== 'OpCall' || expr['op'] !== '==') return undefined
  const [left, right] = [expr['left'] as Node, expr['right'] as Node]
  const named = left.type === 'AccessAttribute' && left['name'] === name && right.type === 'Value'
  return named && typeof right['value'] === 'string' ? right['value'] : undefined
}

/**
 * The document an expression of a query reads from: the filter over all documents it starts with
 * (`*[_type == "hero" && _id == "hero"]`), one document when an element is taken from it (`[0]`), a
 * field of it when one is read after that (`.version`).
 */
function sourceOf(expression: Node, where: string): AnswerSource {
  let node: Node | undefined = expression
  let single = false
  let field: string | undefined
  while (node && !(node.type === 'Filter' && (node['base'] as Node).type === 'Everything')) {
    if (node.type === 'AccessElement') single = true
    if (node.type === 'AccessAttribute' && !single) field = node['name'] as string
    node = isNode(node['base']) ? node['base'] : undefined
  }
  const type = node && compared(node['expr'] as Node, '_type')
  if (!node || !type) throw new Error(`${where}: no filter by _type over all documents (*[_type == "…"]) to name its document`)
  if (!single) return { type, list: true }
  const id = compared(node['expr'] as Node, '_id')
  if (!id) throw new Error(`${where}: one document of type ${type} without an _id in the filter: say which (_id == "…")`)
  return { type, id, ...(field ? { field } : {}) }
}

/**
 * Where each part of a query's answer comes from, read from the query itself: an object's attributes
 * one by one, or the whole answer. A problem the parser finds is reported on that document
 * (docs/decisions/0062-content-parsed-where-it-enters.md).
 */
export function answerSources(ast: ExprNode, queryName: string): AnswerSources {
  const root = ast as Node
  if (root.type !== 'Object') return { whole: sourceOf(root, queryName) }
  const attributes = (root['attributes'] as Node[]).map((attribute) => {
    if (attribute.type !== 'ObjectAttributeValue') throw new Error(`${queryName}: only named attributes are supported`)
    const name = attribute['name'] as string
    return [name, sourceOf(attribute['value'] as Node, `${queryName}.${name}`)] as const
  })
  return { attributes: Object.fromEntries(attributes) }
}
