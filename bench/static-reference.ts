/**
 * The static reference of a page that has no hand-written one (bench/reference has `/` and `/en`): the
 * product's own prerendered HTML without anything that runs, as a static host would serve the same
 * content. Its scripts go (the entry, its preloads, the embedded config and content), its structured
 * data stays: it is content, and no browser runs it.
 */
export function staticCopyOf(html: string): string {
  return html
    .replace(/<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]*rel="modulepreload"[^>]*>/g, '')
}
