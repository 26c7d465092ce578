import { mkdir, writeFile } from 'node:fs/promises'
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
      const path = join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeRecipient}.eml`)
      await writeFile(path, info.message as Buffer)
      onWritten(path)
    },
  }
}
