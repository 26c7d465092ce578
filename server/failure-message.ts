import { ConfigError } from './config-error.ts'
import { DatabaseInUseError } from './db/directory-lock.ts'
import { DataDirError } from './db/private-data-dir.ts'
import { SnapshotError } from './backup/snapshot-error.ts'

/** Errors whose message says all the person who ran the command needs: what is wrong and what to do. */
const SELF_EXPLAINING = [ConfigError, DataDirError, DatabaseInUseError, SnapshotError]

/**
 * What a process that gives up (the server, a command) prints on stderr: the message alone for an
 * error that explains itself, the whole error, stack and cause, for any other.
 */
export const failureMessage = (error: unknown): unknown =>
  SELF_EXPLAINING.some((kind) => error instanceof kind) ? (error as Error).message : error
