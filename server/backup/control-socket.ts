/**
 * How `npm run backup` reaches the server that holds the embedded database (one process may open
 * it: db/directory-lock.ts): a Unix socket beside the database's lock, `DATA_DIR/pglite.sock`,
 * private to the server's user (DATA_DIR is 0700, the socket 0600), so only that user (or root)
 * can ask. One request a connection, one JSON line each way.
 */
import { chmod, rm } from 'node:fs/promises'
import { connect, createServer, type Socket } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Snapshot } from './take-snapshot.ts'

export interface BackupRequest {
  command: 'backup'
  /** BACKUP_DIR as the command sees it, absolute. */
  dir: string
}

export type BackupReply = { ok: true; snapshot: Snapshot } | { ok: false; error: string }

/** A request longer than this is no request of ours: the connection is closed. */
const MAX_REQUEST_BYTES = 16 * 1024

export const controlSocketPath = (dataDir: string) => join(dataDir, 'pglite.sock')

/**
 * Listens on `path` (a socket left by a server that died is replaced: whoever calls this holds the
 * database's lock, so no live server owns it) and answers each request with `backup`.
 */
export async function listenForBackups(
  path: string,
  backup: (dir: string) => Promise<Snapshot>,
): Promise<{ close(): Promise<void> }> {
  await rm(path, { force: true })
  const server = createServer((socket) => void answer(socket, backup))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, resolve)
  })
  await chmod(path, 0o600)
  // The socket does not keep the process alive: the server's listener does, a command's work does.
  server.unref()
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => void rm(path, { force: true }).then(() => resolve()))
      }),
  }
}

async function answer(socket: Socket, backup: (dir: string) => Promise<Snapshot>) {
  socket.on('error', () => socket.destroy())
  let received = 0
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > MAX_REQUEST_BYTES) socket.destroy()
  })
  const lines = createInterface({ input: socket, crlfDelay: Infinity })
  for await (const line of lines) {
    const reply = await replyTo(line, backup)
    socket.end(`${JSON.stringify(reply)}\n`)
    return
  }
}

async function replyTo(line: string, backup: (dir: string) => Promise<Snapshot>): Promise<BackupReply> {
  try {
    const request = JSON.parse(line) as Partial<BackupRequest>
    if (request.command !== 'backup' || typeof request.dir !== 'string' || !request.dir.startsWith('/')) {
      return { ok: false, error: 'The server takes {"command":"backup","dir":"/absolute/folder"}.' }
    }
    return { ok: true, snapshot: await backup(request.dir) }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

/** Asks the server listening on `path`; undefined when none listens there. */
export async function askServer(path: string, request: BackupRequest): Promise<BackupReply | undefined> {
  const socket = connect(path)
  const connected = await new Promise<boolean>((resolve, reject) => {
    socket.once('connect', () => resolve(true))
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? resolve(false) : reject(error),
    )
  })
  if (!connected) return undefined
  // Written, not ended: the server closes its side once it has answered.
  socket.write(`${JSON.stringify(request)}\n`)
  for await (const line of createInterface({ input: socket, crlfDelay: Infinity })) {
    socket.end()
    return JSON.parse(line) as BackupReply
  }
  throw new Error('The server closed the connection without an answer.')
}
