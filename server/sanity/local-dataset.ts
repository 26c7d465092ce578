/**
 * Loads the seed dataset (`data.ndjson` in `sanity dataset import` format,
 * plus the image files it points to) into memory, doing the same asset
 * transformation Sanity does on import: every `{"_sanityAsset":
 * "image@file://./images/x.png"}` field becomes a reference to a
 * `sanity.imageAsset` document whose id is `image-<sha1>-<w>x<h>-<ext>`.
 * That way GROQ such as `image.asset->url` behaves as against a real project.
 */
import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import isPlainObject from 'is-plain-obj'
import { readImageMetadata, UnsupportedImageError, type ImageFormat, type ImageMetadata } from './images/image-metadata.ts'

/** A document as stored in the dataset: any JSON object with an id and a type. */
export interface SeedDocument {
  _id: string
  _type: string
  [key: string]: unknown
}

export interface LocalImageFile {
  /** Absolute path of the seed image on disk. */
  filePath: string
  extension: ImageFormat
  mimeType: string
  size: number
  /** As displayed, after the EXIF orientation (the size in its file name). */
  width: number
  height: number
}

export interface LocalDataset {
  readonly projectId: string
  readonly dataset: string
  /** Every document, drafts included, with the generated asset documents appended. */
  readonly documents: readonly SeedDocument[]
  /**
   * What a public dataset shows a request without a token: no document whose id has a dot
   * (drafts, preview secrets). Worked out once per load, not on every query.
   */
  readonly publicDocuments: readonly SeedDocument[]
  /** Image file name as in asset URLs, `{sha1}-{w}x{h}.{ext}`, to the file serving it. */
  readonly images: ReadonlyMap<string, LocalImageFile>
  /** The files this dataset was read from, with the stamps used to notice edits. */
  readonly sources: readonly SourceStamp[]
}

export interface SourceStamp {
  filePath: string
  mtimeMs: number
  size: number
}

export interface LocalDatasetOptions {
  /** Folder holding `data.ndjson` (image paths in it are relative to this folder). */
  seedDir: string
  projectId: string
  dataset: string
  /**
   * Image metadata already read, by the file's SHA-1: reading it (the LQIP above all) is the
   * slow part of a reload, and an edit to the text leaves the images as they were.
   */
  metadataCache?: Map<string, Promise<ImageMetadata>>
}

/** Thrown for anything wrong in the seed: the message names the file and line. */
export class SeedDatasetError extends Error {
  override name = 'SeedDatasetError'
}

export const SEED_FILE_NAME = 'data.ndjson'
/** The key @sanity/import reads (and @sanity/export writes) for an asset to upload. */
export const SANITY_ASSET_KEY = '_sanityAsset'

/** Reads `seedDir/data.ndjson` and its images. Throws SeedDatasetError on bad input. */
export async function loadLocalDataset(options: LocalDatasetOptions): Promise<LocalDataset> {
  const { seedDir, projectId, dataset } = options
  const ndjsonPath = path.resolve(seedDir, SEED_FILE_NAME)
  let text: string
  let ndjsonStat: SourceStamp
  try {
    const st = await stat(ndjsonPath)
    text = await readFile(ndjsonPath, 'utf8')
    ndjsonStat = { filePath: ndjsonPath, mtimeMs: st.mtimeMs, size: st.size }
  } catch (err) {
    throw new SeedDatasetError(`Cannot read seed dataset ${ndjsonPath}: ${errorMessage(err)}`, { cause: err })
  }
  const fallbackTimestamp = new Date(ndjsonStat.mtimeMs).toISOString()
  const metadataOf = (sha1: string, bytes: Buffer) => {
    const { metadataCache } = options
    let metadata = metadataCache?.get(sha1)
    if (!metadata) {
      metadata = readImageMetadata(bytes)
      metadataCache?.set(sha1, metadata)
      // A file that could not be read is read again once fixed, not remembered as broken.
      metadata.catch(() => metadataCache?.delete(sha1))
    }
    return metadata
  }

  const documents: SeedDocument[] = []
  const lineOfId = new Map<string, number>()
  const assets = new Map<string, SeedDocument>()
  const images = new Map<string, LocalImageFile>()
  const imageStamps = new Map<string, SourceStamp>()

  const loadImage = async (spec: string, where: string): Promise<string> => {
    const match = /^image@(.+)$/.exec(spec)
    if (!match?.[1]) {
      throw new SeedDatasetError(
        `${where}: unsupported ${SANITY_ASSET_KEY} "${spec}" (only "image@file://./relative/path" is supported)`,
      )
    }
    const filePath = resolveAssetPath(match[1], path.dirname(ndjsonPath))
    if (!filePath) {
      throw new SeedDatasetError(
        `${where}: unsupported ${SANITY_ASSET_KEY} "${spec}" (expected "file://./relative/path" or an absolute file:// URL)`,
      )
    }
    let bytes: Buffer
    let st: Awaited<ReturnType<typeof stat>>
    try {
      st = await stat(filePath)
      bytes = await readFile(filePath)
    } catch (err) {
      throw new SeedDatasetError(`${where}: image file not found: ${filePath} (from "${spec}"): ${errorMessage(err)}`, {
        cause: err,
      })
    }
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    let info
    try {
      info = await metadataOf(sha1, bytes)
    } catch (err) {
      if (err instanceof UnsupportedImageError) {
        throw new SeedDatasetError(`${where}: cannot read image ${filePath}: ${err.message}`, { cause: err })
      }
      throw err
    }
    const { width, height, extension, mimeType, lqip, hasAlpha, isOpaque } = info
    const assetId = `image-${sha1}-${width}x${height}-${extension}`
    const fileName = `${sha1}-${width}x${height}.${extension}`
    imageStamps.set(filePath, { filePath, mtimeMs: st.mtimeMs, size: st.size })
    if (!assets.has(assetId)) {
      const assetPath = `images/${projectId}/${dataset}/${fileName}`
      images.set(fileName, { filePath, extension, mimeType, size: bytes.length, width, height })
      assets.set(assetId, {
        _id: assetId,
        _type: 'sanity.imageAsset',
        _createdAt: fallbackTimestamp,
        _updatedAt: fallbackTimestamp,
        _rev: sha1.slice(0, 22),
        assetId: sha1,
        sha1hash: sha1,
        originalFilename: path.basename(filePath),
        extension,
        mimeType,
        size: bytes.length,
        path: assetPath,
        // Path only: the server that answers queries also serves the images,
        // so same-origin URLs work wherever the site is hosted.
        url: `/${assetPath}`,
        metadata: {
          _type: 'sanity.imageMetadata',
          dimensions: {
            _type: 'sanity.imageDimensions',
            width,
            height,
            aspectRatio: width / height,
          },
          lqip,
          hasAlpha,
          isOpaque,
        },
      })
    }
    return assetId
  }

  // Replaces `_sanityAsset` objects anywhere in a value, as the importer does.
  const transform = async (value: unknown, where: string): Promise<unknown> => {
    if (Array.isArray(value)) {
      const out: unknown[] = []
      for (const item of value) out.push(await transform(item, where))
      return out
    }
    if (!isPlainObject(value)) return value
    const out: Record<string, unknown> = {}
    const spec = value[SANITY_ASSET_KEY]
    if (spec !== undefined) {
      if (typeof spec !== 'string') throw new SeedDatasetError(`${where}: ${SANITY_ASSET_KEY} must be a string`)
      out['_type'] = value['_type'] ?? 'image'
      out['asset'] = { _type: 'reference', _ref: await loadImage(spec, where) }
    }
    for (const [key, inner] of Object.entries(value)) {
      if (key === SANITY_ASSET_KEY || key in out) continue
      out[key] = await transform(inner, where)
    }
    return out
  }

  const lines = text.split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    const lineNo = index + 1
    const where = `${ndjsonPath}:${lineNo}`
    if (line.trim() === '') continue
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (err) {
      throw new SeedDatasetError(`${where}: invalid JSON: ${errorMessage(err)}`, { cause: err })
    }
    if (!isPlainObject(parsed)) throw new SeedDatasetError(`${where}: each line must be a JSON object (a document)`)
    const id = parsed['_id']
    const type = parsed['_type']
    if (typeof id !== 'string' || id === '') throw new SeedDatasetError(`${where}: document has no string "_id"`)
    if (typeof type !== 'string' || type === '') {
      throw new SeedDatasetError(`${where}: document "${id}" has no string "_type"`)
    }
    const firstLine = lineOfId.get(id)
    if (firstLine !== undefined) {
      throw new SeedDatasetError(`${where}: duplicate _id "${id}" (first seen on line ${firstLine})`)
    }
    lineOfId.set(id, lineNo)
    const doc = (await transform(parsed, where)) as SeedDocument
    // The import API stamps these; queries that order by them need them.
    doc._createdAt ??= fallbackTimestamp
    doc._updatedAt ??= fallbackTimestamp
    doc._rev ??= createHash('sha1').update(line).digest('hex').slice(0, 22)
    documents.push(doc)
  }

  for (const asset of assets.values()) {
    const firstLine = lineOfId.get(asset._id)
    if (firstLine !== undefined) {
      throw new SeedDatasetError(
        `${ndjsonPath}:${firstLine}: document "${asset._id}" clashes with the asset generated for an image`,
      )
    }
    documents.push(asset)
  }

  return {
    projectId,
    dataset,
    documents,
    publicDocuments: documents.filter((doc) => !doc._id.includes('.')),
    images,
    sources: [ndjsonStat, ...imageStamps.values()],
  }
}

/** Loads the dataset once and reloads it whenever one of its files changes on disk. */
export interface LocalDatasetSource {
  /**
   * The current dataset. Checks the stamps (mtime and size) of `data.ndjson`
   * and of every image it used, and reloads when any changed, so edits to
   * the seed show up on the next request without a restart. Rejects with a
   * SeedDatasetError while the seed is invalid; the next call tries again.
   */
  get(): Promise<LocalDataset>
}

export function createLocalDatasetSource(datasetOptions: LocalDatasetOptions): LocalDatasetSource {
  const options = { metadataCache: new Map<string, Promise<ImageMetadata>>(), ...datasetOptions }
  let current: LocalDataset | undefined
  let pending: Promise<LocalDataset> | undefined

  const reload = (): Promise<LocalDataset> => {
    // Concurrent requests share one read of the seed.
    pending ??= loadLocalDataset(options)
      .then((loaded) => {
        current = loaded
        return loaded
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }

  const get = async (): Promise<LocalDataset> => {
    if (pending) return pending
    if (!current) return reload()
    return isStale(current.sources) ? reload() : current
  }

  return { get }
}

/**
 * Whether a file the dataset was read from changed since. Every read of the content asks, up to two
 * for each message an update sends (hundreds a second), so the stamps are read synchronously: a
 * handful of local files' metadata takes microseconds, where as many promises through the thread pool
 * cost a message's sending a tenth of its CPU (docs/decisions/0095-update-messages-composed-cheaper.md).
 */
function isStale(sources: readonly SourceStamp[]): boolean {
  return sources.some((source) => {
    try {
      const st = statSync(source.filePath)
      return st.mtimeMs !== source.mtimeMs || st.size !== source.size
    } catch {
      return true
    }
  })
}

/** The two forms @sanity/import reads from a file; `file://../` is not one of them. */
function resolveAssetPath(url: string, baseDir: string): string | undefined {
  if (url.startsWith('file://./')) {
    // The importer's relative form (not a valid file URL): it puts the NDJSON's folder in place of `.`.
    return path.resolve(baseDir, decodeURIComponent(url.slice('file://'.length)))
  }
  try {
    return url.startsWith('file://') ? fileURLToPath(url) : undefined
  } catch {
    return undefined // a file URL with a host, such as `file://../x`
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
