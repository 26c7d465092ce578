/**
 * The shortest search the Launch tool's list answers (docs/decisions/0085, "Searches of one or two
 * characters"): a fragment is found through trigram indexes, which need three characters; a shorter
 * one would read every place of the list (2-3 s at a million). The API refuses it with a 400 and the
 * tool does not send it. Empty is no search: the whole list.
 */
export const SEARCH_MIN_CHARACTERS = 3

/** Whether the list can be asked for `search` (trimmed, as the API trims it), counted in code points as PostgreSQL counts characters. */
export const searchable = (search: string) => {
  const characters = [...search.trim()].length
  return characters === 0 || characters >= SEARCH_MIN_CHARACTERS
}
