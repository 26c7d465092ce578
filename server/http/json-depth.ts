/**
 * Whether a parsed JSON value nests objects or arrays more than `levels` deep. Walks without
 * recursion, so any depth is safe to check; what then stringifies or walks the value recursively
 * (JSON.stringify takes milliseconds over a few thousand levels) is only given bounded ones.
 */
export function nestsDeeperThan(value: unknown, levels: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown; depth: number }
    if (typeof next.value !== 'object' || next.value === null) continue
    if (next.depth >= levels) return true
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 })
  }
  return false
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPENERS = new Set([0x5b, 0x7b]) // [ {
const CLOSERS = new Set([0x5d, 0x7d]) // ] }

/**
 * Whether JSON text nests arrays and objects more than `levels` deep, read in one pass before it
 * is parsed (brackets inside strings do not count): a request whose body no route could take is
 * refused in microseconds, where parsing a few thousand levels takes the request thread a
 * millisecond. Text that is not JSON is left for the parser to refuse.
 */
export function jsonTextNestsDeeperThan(text: string, levels: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === BACKSLASH) i++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if (OPENERS.has(code)) {
      if (++depth > levels) return true
    } else if (CLOSERS.has(code)) depth--
  }
  return false
}
