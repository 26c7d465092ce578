/**
 * The last answer of `load`, fetched again in the background once it is older than `maxAgeMs`:
 * a slow or failing source delays only the first caller, and a failed refresh keeps the last
 * answer. Until there is one, a failure reaches the caller.
 */
export function refreshing<T>(load: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let last: { answer: T; at: number } | undefined
  let pending: Promise<T> | undefined

  const refresh = () =>
    (pending ??= load()
      .then((answer) => {
        last = { answer, at: Date.now() }
        return answer
      })
      .finally(() => {
        pending = undefined
      }))

  return async () => {
    if (!last) return refresh()
    if (Date.now() - last.at > maxAgeMs) refresh().catch(() => undefined)
    return last.answer
  }
}
