import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Mailer } from '../../supabase/functions/_shared/mailer.ts'

/**
 * Without SMTP configured, each message becomes an .eml file a person or a test can open
 * (any mail client reads it). nodemailer builds the exact MIME message SMTP would carry.
 */
export function createFileMailer(directory: string, onWritten: (path: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail(message)
      await mkdir(directory, { recursive: true })
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, '_')
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeRecipient}.eml`
      const path = join(directory, name)
      // Written aside, then renamed: whoever lists the folder sees whole messages only.
      const partial = join(directory, `.${name}.partial`)
      await writeFile(partial, info.message as Buffer)
      await rename(partial, path)
      onWritten(path)
    },
  }
}
