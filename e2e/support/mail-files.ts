import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { parseMail, type ReceivedMail } from '../../test/mail/smtp-inbox.ts'

/** What the outbox sends (each message's Message-ID starts with its kind). */
export type MailKind = 'welcome' | 'invitation' | 'standing'

/**
 * The newest message a server without SMTP wrote to `address` (`DATA_DIR/mail`, one .eml file each,
 * named by when it was written) whose Message-ID starts with `kind`, once there is one.
 */
export async function mailTo(dataDir: string, address: string, kind: MailKind): Promise<ReceivedMail> {
  const dir = join(dataDir, 'mail')
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(`-${address}.eml`)).sort()
        for (const file of files) {
          const mail = parseMail(await readFile(join(dir, file), 'utf8'), { from: '', to: [] })
          if (mail.header('message-id')?.startsWith(`<${kind}-`)) found = mail
        }
        return found !== undefined
      },
      { message: `a ${kind} .eml for ${address} in ${dir}`, timeout: 45_000 },
    )
    .toBe(true)
  return found as ReceivedMail
}
