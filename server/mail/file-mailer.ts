import { createHash } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { commitOrStop, DeliveryError, type Mailer } from '../../supabase/functions/_shared/delivery/mailer.ts'

/** File names are at most 255 bytes; the time stamp, a hash, `.eml` and the `.partial` of the copy being written take about 60 of them. */
const RECIPIENT_IN_NAME = 180

/**
 * The file's name: when it was written, then the recipient, so a person (or a test) finds a
 * welcome by its address. Characters a file name should not hold become `_`; an address too long
 * for a name is cut, with a hash of the whole address so two long addresses never share a name.
 */
export function fileNameFor(recipient: string, writtenAt: Date): string {
  const safe = recipient.replace(/[^a-z0-9@._-]/gi, '_')
  const name =
    safe.length <= RECIPIENT_IN_NAME
      ? safe
      : `${safe.slice(0, RECIPIENT_IN_NAME)}~${createHash('sha256').update(recipient).digest('hex').slice(0, 12)}`
  return `${writtenAt.toISOString().replace(/[:.]/g, '-')}-${name}.eml`
}

/**
 * Without SMTP configured, each message becomes an .eml file a person or a test can open
 * (any mail client reads it). nodemailer builds the exact MIME message SMTP would carry.
 */
export function createFileMailer(directory: string, onWritten: (path: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message, { commit } = {}) {
      const info = await transport.sendMail(message)
      // An update's message is recorded before it is written (decision 0088), as SMTP holds its dot.
      await commitOrStop(commit)
      const name = fileNameFor(message.to, new Date())
      const path = join(directory, name)
      try {
        await mkdir(directory, { recursive: true, mode: 0o700 })
        // Written aside, then renamed: whoever lists the folder sees whole messages only.
        const partial = join(directory, `.${name}.partial`)
        await writeFile(partial, info.message as Buffer, { mode: 0o600 })
        await rename(partial, path)
      } catch (error) {
        // A full or read-only disk fails every message alike: the welcome is not to blame.
        throw new DeliveryError('unavailable', `Could not write ${path}: ${String(error)}`, { cause: error })
      }
      onWritten(path)
    },
  }
}
