import nodemailer from 'nodemailer'
import type { Mailer } from './mailer.ts'

export interface DkimKey {
  domainName: string
  keySelector: string
  /** PEM, PKCS#1 or PKCS#8. */
  privateKey: string
}

/**
 * Nodemailer's default list of signed fields, plus List-Unsubscribe-Post: one-click removal
 * counts only when both of its fields are covered by a valid DKIM signature (RFC 8058 §4).
 */
const SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive'

/**
 * SMTP (smtp:// or smtps://) wherever outbound SMTP is allowed: the self-hosted server, a VM,
 * Docker. With a DKIM key, nodemailer signs every message for the sender's domain.
 */
export function createSmtpMailer(url: string, dkim?: DkimKey): Mailer {
  const transport = nodemailer.createTransport({ url, ...(dkim ? { dkim: { ...dkim, headerFieldNames: SIGNED_FIELDS } } : {}) })
  return {
    async send(message) {
      await transport.sendMail(message)
    },
  }
}
