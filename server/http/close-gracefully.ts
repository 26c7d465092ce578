import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'

/** Enough to finish open requests and close the database; a close stuck longer is given up on. */
const CLOSE_TIMEOUT_MS = 10_000

/**
 * Closes the app on SIGINT, SIGTERM and the other stop signals, and after an uncaught error,
 * then exits: 0 after a clean close, 1 after an error, a failed close or one that took longer
 * than `timeoutMs` (a stuck close must not keep the process alive). Each outcome is logged.
 */
export function closeGracefully(app: FastifyInstance, timeoutMs: number = CLOSE_TIMEOUT_MS): void {
  closeWithGrace(
    {
      delay: timeoutMs,
      logger: { error: (error: unknown) => app.log.error({ err: error }, 'closing failed') },
      onTimeout: () => app.log.error({ timeoutMs }, 'closing took too long, exiting without waiting for it'),
      onSecondSignal: (signal) => app.log.warn({ signal }, 'second stop signal while closing, exiting now'),
      onSecondError: (error) => app.log.error({ err: error }, 'another uncaught error while closing, exiting now'),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error, closing')
      else app.log.info({ signal }, 'closing')
      await app.close()
      app.log.info('closed')
    },
  )
}
