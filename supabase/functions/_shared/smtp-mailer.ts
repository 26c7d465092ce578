import nodemailer from 'nodemailer'
import type { Mailer } from './mailer.ts'

/** SMTP (smtp:// or smtps://) wherever outbound SMTP is allowed: the self-hosted server, a VM, Docker. */
export function createSmtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(message) {
      await transport.sendMail(message)
    },
  }
}
