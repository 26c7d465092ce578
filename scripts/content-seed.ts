/**
 * The seed (studio/seed: data.ndjson + images/) and the two formats the Sanity CLI speaks.
 *
 * - The seed is in `sanity dataset import` format: an image is
 *   `{"_type":"image","_sanityAsset":"image@file://./images/x.png"}`, a path the CLI resolves
 *   against the NDJSON's folder, and server/sanity/local-dataset.ts reads it the same way. So
 *   the import hands the CLI the seed file itself, once the seed is known to be whole.
 * - `sanity dataset export` (@sanity/export) writes a .tar.gz holding one folder
 *   `<dataset>-export-<date>/` with `data.ndjson` (asset documents removed, each asset field
 *   rewritten to `_sanityAsset: "image@file://./images/<sha1>-<w>x<h>.<ext>"`, `_rev` and
 *   timestamps kept), `images/`, `files/` and `assets.json` (asset document fields such as
 *   `originalFilename`, keyed `image-<sha1>`). Converting back gives the images their uploaded
 *   names, keeps the seed's document and key order, and drops what the server stamps.
 */
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { x as extractTar } from 'tar'
import { loadLocalDataset, SANITY_ASSET_KEY, SEED_FILE_NAME } from '../server/sanity/local-dataset.ts'
import type { SanityTarget } from './content-target.ts'

/** Set by the Content Lake on every write; kept out of the seed so exports do not churn. */
const SERVER_STAMPED = new Set(['_rev', '_createdAt', '_updatedAt'])

export class SeedFormatError extends Error {
  override name = 'SeedFormatError'
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }
export interface Doc extends JsonObject {
  _id: string
  _type: string
}

interface AssetSpec {
  kind: 'image' | 'file'
  url: string
}

// ---------------------------------------------------------------------------------------------
// Seed → `sanity dataset import`

export interface SeedForImport {
  /** The seed's data.ndjson, for the CLI as it is. */
  file: string
  documents: number
  /** Distinct images (by content) the documents use. */
  images: number
}

/**
 * Loads the seed as the local server does, which fails on a broken line, a missing or unreadable
 * image or the seed's old image key, naming the file and line. Checked before the CLI runs because
 * it writes the documents before it uploads their images: it would leave documents without an image
 * it cannot read, and `--missing` would never add the image later.
 */
export async function checkSeedForImport(dir: string, target: SanityTarget): Promise<SeedForImport> {
  const seed = await loadLocalDataset({ seedDir: dir, ...target })
  return {
    file: path.join(dir, SEED_FILE_NAME),
    documents: seed.documents.filter((doc) => doc._type !== 'sanity.imageAsset').length,
    images: seed.images.size,
  }
}

// ---------------------------------------------------------------------------------------------
// `sanity dataset export` tarball → seed

/** Extracts an export tarball's single top folder into `into` (data.ndjson at its root). */
export async function unpackExport(tarball: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true })
  try {
    // strip: 1 drops `<dataset>-export-<date>/`; tar refuses absolute and `..` paths by default.
    await extractTar({ file: tarball, cwd: into, strip: 1, strict: true })
  } catch (err) {
    throw new SeedFormatError(`Cannot unpack ${tarball}: ${errorMessage(err)}`, { cause: err })
  }
  if (!(await isFile(path.join(into, SEED_FILE_NAME)))) {
    throw new SeedFormatError(`${tarball} has no <folder>/${SEED_FILE_NAME}: not a \`sanity dataset export\` tarball`)
  }
}

export interface SeedWriteSummary {
  documents: number
  images: number
  files: number
  /** Assets in the export that no document uses (old uploads): left out of the seed. */
  unreferencedAssets: number
}

/**
 * Replaces `seedDir`'s data.ndjson, images/ and files/ with the unpacked export in `exportDir`.
 * Documents already in the seed keep their order; new ones follow in export order. Everything is
 * checked before the seed is touched.
 */
export async function exportToSeed(exportDir: string, seedDir: string): Promise<SeedWriteSummary> {
  const exported = await readNdjson(path.join(exportDir, SEED_FILE_NAME))
  const assetMeta = await readAssetMap(path.join(exportDir, 'assets.json'))
  const order = await previousOrder(path.join(seedDir, SEED_FILE_NAME))
  const sorted = exported
    .map(({ doc, where }, index) => ({ doc, where, rank: order.get(doc._id) ?? order.size + index }))
    .sort((a, b) => a.rank - b.rank)

  // Export file (relative to exportDir) → name in the seed; and the reverse, to spot clashes.
  const names = new Map<string, string>()
  const taken = new Map<string, string>()
  const nameFor = async (spec: AssetSpec, doc: Doc, where: string): Promise<string> => {
    const match = /^file:\/\/\.\/((images|files)\/[^/]+)$/.exec(spec.url)
    if (!match?.[1] || !match[2]) {
      throw new SeedFormatError(`${where}: document "${doc._id}" has asset ${spec.url}, not a file in the export`)
    }
    const relative = match[1]
    const known = names.get(relative)
    if (known) return known
    const source = path.join(exportDir, relative)
    let bytes: Buffer
    try {
      bytes = await readFile(source)
    } catch {
      throw new SeedFormatError(
        `${where}: document "${doc._id}" uses ${relative}, which the export does not contain (the CLI leaves out assets that answer 401, 403 or 404)`,
      )
    }
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const folder = match[2]
    const original = assetMeta.get(`${spec.kind}-${sha1}`)?.originalFilename
    const name = `${folder}/${uniqueName(safeFileName(original, path.basename(relative)), sha1, folder, taken)}`
    names.set(relative, name)
    return name
  }

  const docs: Doc[] = []
  for (const { doc, where } of sorted) {
    const converted = await mapAssets(doc, where, async (spec) => `${spec.kind}@file://./${await nameFor(spec, doc, where)}`)
    docs.push(seedDocument(converted))
  }

  const exportedAssets = (await listFiles(exportDir, 'images')).length + (await listFiles(exportDir, 'files')).length
  const seedNames = [...names.values()]
  const summary: SeedWriteSummary = {
    documents: docs.length,
    images: seedNames.filter((name) => name.startsWith('images/')).length,
    files: seedNames.filter((name) => name.startsWith('files/')).length,
    unreferencedAssets: exportedAssets - names.size,
  }

  // Checked and named: now replace the seed.
  await mkdir(seedDir, { recursive: true })
  for (const folder of ['images', 'files']) await rm(path.join(seedDir, folder), { recursive: true, force: true })
  for (const [relative, name] of names) {
    await mkdir(path.dirname(path.join(seedDir, name)), { recursive: true })
    await copyFile(path.join(exportDir, relative), path.join(seedDir, name))
  }
  await writeFile(path.join(seedDir, SEED_FILE_NAME), docs.map((doc) => `${JSON.stringify(doc)}\n`).join(''))
  return summary
}

/** `_id` and `_type` first (as the hand-written seed), server stamps dropped. */
function seedDocument(doc: Doc): Doc {
  const out: JsonObject = { _id: doc._id, _type: doc._type }
  for (const [key, value] of Object.entries(doc)) {
    if (!(key in out) && !SERVER_STAMPED.has(key)) out[key] = value
  }
  return out as Doc
}

/** The uploaded file name, made safe for any file system; the export's hash name otherwise. */
export function safeFileName(original: string | undefined, fallback: string): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/-+(?=\.[^.]*$)|-+$/g, '')
    .replace(/^[.-]+/, '')
  if (!cleaned || cleaned === '.' || cleaned === '..') return fallback
  return path.extname(cleaned) ? cleaned : `${cleaned}${path.extname(fallback)}`
}

/** Two different uploads both called `photo.png` become `photo.png` and `photo-<sha1 start>.png`. */
function uniqueName(name: string, sha1: string, folder: string, taken: Map<string, string>): string {
  const key = `${folder}/${name.toLowerCase()}`
  const owner = taken.get(key)
  if (owner === undefined || owner === sha1) {
    taken.set(key, sha1)
    return name
  }
  const ext = path.extname(name)
  return uniqueName(`${name.slice(0, name.length - ext.length)}-${sha1.slice(0, 8)}${ext}`, sha1, folder, taken)
}

// ---------------------------------------------------------------------------------------------
// Shared

interface Located {
  doc: Doc
  where: string
}

async function readNdjson(file: string): Promise<Located[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    throw new SeedFormatError(`Cannot read ${file}: ${errorMessage(err)}`, { cause: err })
  }
  const out: Located[] = []
  const seen = new Map<string, string>()
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue
    const where = `${file}:${index + 1}`
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (err) {
      throw new SeedFormatError(`${where}: invalid JSON: ${errorMessage(err)}`, { cause: err })
    }
    if (!isObject(parsed) || typeof parsed['_id'] !== 'string' || typeof parsed['_type'] !== 'string') {
      throw new SeedFormatError(`${where}: each line must be a document with a string _id and _type`)
    }
    const doc = parsed as Doc
    const first = seen.get(doc._id)
    if (first) throw new SeedFormatError(`${where}: duplicate _id "${doc._id}" (first at ${first})`)
    seen.set(doc._id, where)
    out.push({ doc, where })
  }
  return out
}

/** Rewrites every asset marker with what `convert` returns, after `_type` as in the seed; copies the rest. */
async function mapAssets<T extends Json>(value: T, where: string, convert: (spec: AssetSpec) => Promise<string>): Promise<T> {
  if (Array.isArray(value)) {
    const out: Json[] = []
    for (const item of value) out.push(await mapAssets(item, where, convert))
    return out as T
  }
  if (!isObject(value)) return value
  const marker = value[SANITY_ASSET_KEY]
  const out: JsonObject = {}
  if (marker !== undefined) {
    const match = typeof marker === 'string' ? /^(image|file)@(.+)$/.exec(marker) : null
    if (!match?.[1] || !match[2]) {
      throw new SeedFormatError(`${where}: asset marker ${JSON.stringify(marker)} is not "image@<url>" or "file@<url>"`)
    }
    if (value['_type'] !== undefined) out['_type'] = value['_type']
    out[SANITY_ASSET_KEY] = await convert({ kind: match[1] as AssetSpec['kind'], url: match[2] })
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key in out) continue
    out[key] = await mapAssets(inner, where, convert)
  }
  return out as T
}

async function readAssetMap(file: string): Promise<Map<string, { originalFilename?: string }>> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'))
  } catch {
    return new Map() // assets.json is optional
  }
  const map = new Map<string, { originalFilename?: string }>()
  if (!isObject(parsed)) return map
  for (const [key, meta] of Object.entries(parsed)) {
    const original = isObject(meta) ? meta['originalFilename'] : undefined
    map.set(key, typeof original === 'string' ? { originalFilename: original } : {})
  }
  return map
}

async function previousOrder(file: string): Promise<Map<string, number>> {
  const order = new Map<string, number>()
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return order
  }
  for (const line of text.split(/\r?\n/)) {
    try {
      const parsed: unknown = JSON.parse(line)
      if (isObject(parsed) && typeof parsed['_id'] === 'string') order.set(parsed['_id'], order.size)
    } catch {
      // a broken line only loses its place in the order
    }
  }
  return order
}

async function listFiles(dir: string, folder: string): Promise<string[]> {
  try {
    return (await readdir(path.join(dir, folder), { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
  } catch {
    return []
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
