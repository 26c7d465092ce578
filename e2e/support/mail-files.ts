import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { parseMail, type ReceivedMail } from '../../test/mail/smtp-inbox.ts'

/** What the outbox sends (each message's Message-ID starts with its kind). */
export type MailKind = 'welcome' | 'invitation' | 'standing' | 'update'

/** Every message a server without SMTP wrote to `address` so far (`DATA_DIR/mail`, one .eml file each), oldest first. */
export async function mailsTo(dataDir: string, address: string): Promise<ReceivedMail[]> {
  const dir = join(dataDir, 'mail')
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(`-${address}.eml`)).sort()
  return Promise.all(files.map(async (file) => parseMail(await readFile(join(dir, file), 'utf8'), { from: '', to: [] })))
}

/** Whether `mail` is of `kind` (its Message-ID starts with the kind). */
export const isKind = (mail: ReceivedMail, kind: MailKind) => mail.header('message-id')?.startsWith(`<${kind}-`) ?? false

/**
 * The newest message a server without SMTP wrote to `address` whose Message-ID starts with `kind`,
 * once there is one.
 */
export async function mailTo(dataDir: string, address: string, kind: MailKind): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        found = (await mailsTo(dataDir, address)).filter((mail) => isKind(mail, kind)).at(-1)
        return found !== undefined
      },
      { message: `a ${kind} .eml for ${address} in ${join(dataDir, 'mail')}`, timeout: 45_000 },
    )
    .toBe(true)
  return found as ReceivedMail
}
