import type { ExprNode } from 'groq-js'
import type { AnswerSource, AnswerSources } from '../supabase/functions/_shared/content/content-parser.ts'

type Node = ExprNode & Record<string, unknown>

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && 'type' in value

/**
 * What a filter compares `name` with, in an `&&` of comparisons: a string (`_type == "hero"`), or a
 * parameter (`_id == $page`), as `$page`.
 */
function compared(expr: Node, name: string): string | undefined {
  if (expr.type === 'And') return compared(expr['left'] as Node, name) ?? compared(expr['right'] as Node, name)
  if (expr.type !== 'OpCall' || expr['op'] !== '==') return undefined
  const [left, right] = [expr['left'] as Node, expr['right'] as Node]
  if (left.type !== 'AccessAttribute' || left['name'] !== name) return undefined
  if (right.type === 'Parameter') return `$${String(right['name'])}`
  return right.type === 'Value' && typeof right['value'] === 'string' ? right['value'] : undefined
}

/**
 * The document an expression of a query reads from: the filter over all documents it starts with
 * (`*[_type == "hero" && _id == "hero"]`), one document when an element is taken from it (`[0]`), a
 * field of it when one is read after that (`.version`); one whose id is a parameter (`_id == $page`)
 * is named by the `_id` its answer holds.
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
  if (!node || !type || type.startsWith('$'))
    throw new Error(`${where}: no filter by _type over all documents (*[_type == "…"]) to name its document`)
  if (!single) return { type, list: true }
  const id = compared(node['expr'] as Node, '_id')
  if (!id) throw new Error(`${where}: one document of type ${type} without an _id in the filter: say which (_id == "…")`)
  // A document named by a parameter (a page, `_id == $page`) names itself: its answer projects its `_id`.
  if (id.startsWith('$')) return { type, byId: true }
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
