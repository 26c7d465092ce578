// The SMTP mailer against a real SMTP server: pooled connections, and each way a message can fail
// classified as the sender needs it (the welcome's fault for good, for now, or the server's).
import { generateKeyPairSync } from 'node:crypto'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpInbox, type SmtpInbox } from '../../../../test/mail/smtp-inbox.ts'
import { DeliveryError, NotCommitted, type MailMessage, type Mailer } from './mailer.ts'
import { createSmtpMailer, SIGNED_FIELDS, smtpFailure } from './smtp-mailer.ts'

const message = (to: string) => ({ from: 'Pulso <boas-vindas@pulso.test>', to, subject: 'Olá', text: 'Olá', html: '<p>Olá</p>' })

const failureOf = (mailer: Mailer, to: string) =>
  mailer.send(message(to)).then(
    () => undefined,
    (error: unknown) => error,
  )

describe('createSmtpMailer', () => {
  let inbox: SmtpInbox
  let mailer: Mailer

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    mailer = createSmtpMailer(inbox.url, { connections: 3 })
  })

  afterAll(async () => {
    mailer?.close?.()
    await inbox?.close()
  })

  it('sends many messages over a few open connections', async () => {
    const before = inbox.connections
    const addresses = Array.from({ length: 30 }, (_, i) => `pooled-${i}@empresa.com`)
    await Promise.all(addresses.map((to) => mailer.send(message(to))))
    expect(addresses.every((to) => inbox.to(to).length === 1)).toBe(true)
    expect(inbox.connections - before).toBeLessThanOrEqual(3)
  })

  it('calls a 5xx for the recipient a rejection: the welcome can never be delivered', async () => {
    inbox.refused.add('gone@empresa.com')
    const error = await failureOf(mailer, 'gone@empresa.com')
    expect(error).toBeInstanceOf(DeliveryError)
    expect(error).toMatchObject({ kind: 'rejected', message: expect.stringMatching(/550/) })
  })

  it('calls a 4xx a deferral: the welcome is tried again later', async () => {
    inbox.deferring.add('busy@empresa.com')
    expect(await failureOf(mailer, 'busy@empresa.com')).toMatchObject({ kind: 'deferred', message: expect.stringMatching(/451/) })
  })

  it('calls a server that went away unavailable, and delivers again once it is back', async () => {
    await inbox.down()
    try {
      expect(await failureOf(mailer, 'later@empresa.com')).toMatchObject({ kind: 'unavailable' })
    } finally {
      await inbox.up()
    }
    await mailer.send(message('later@empresa.com'))
    expect(inbox.to('later@empresa.com')).toHaveLength(1)
  })
})

describe('createSmtpMailer on the wire', () => {
  it('sends, signed, the very bytes nodemailer’s stream transport composes, one-click unsubscribe among the signed fields', async () => {
    const inbox = await startSmtpInbox()
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const dkim = {
      domainName: 'pulso.test',
      keySelector: 'pulso2026',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }
    const mailer = createSmtpMailer(inbox.url, { connections: 1, dkim })
    // Fixed where nodemailer picks at random or by the clock (options our messages never set), so two
    // compositions of it can be compared byte for byte.
    const fixed = {
      from: 'Pulso <boas-vindas@pulso.test>',
      to: 'wire@empresa.com',
      replyTo: 'contato@pulso.test',
      subject: 'A beta abre segunda — você está na fila',
      text: 'Olá, Ána!\n\n.Uma linha que começa com um ponto.\nVocê é o 12º da fila.',
      html: '<p>Olá, <b>Ána</b>!</p>\n<p>.Você é o 12º da fila.</p>',
      messageId: '<update-1-2@pulso.test>',
      headers: {
        'List-Unsubscribe': '<https://pulso.test/pt/remover?t=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      date: new Date('2026-12-13T10:00:00Z'),
      baseBoundary: 'fixed-for-the-test',
    }
    try {
      await mailer.send(fixed as MailMessage, { commit: async () => true })
      const reference = await nodemailer
        .createTransport({
          streamTransport: true,
          buffer: true,
          newline: 'windows',
          dkim: { ...dkim, headerFieldNames: SIGNED_FIELDS },
        })
        .sendMail(fixed)
      const [received] = inbox.to('wire@empresa.com')
      expect(received?.raw).toBe((reference.message as Buffer).toString('utf8'))
      expect(received?.header('dkim-signature')).toMatch(/\bh=[^;]*List-Unsubscribe:List-Unsubscribe-Post\b/i)
    } finally {
      mailer.close?.()
      await inbox.close()
    }
  })
})

describe('createSmtpMailer with a commit (an update’s message, at most once)', () => {
  let inbox: SmtpInbox
  let mailer: Mailer

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    mailer = createSmtpMailer(inbox.url, { connections: 1 })
  })

  afterAll(async () => {
    mailer?.close?.()
    await inbox?.close()
  })

  /** A commit the test answers, and whether it was called. */
  const commitHeld = () => {
    let answer: (recorded: boolean) => void = () => undefined
    let called: () => void = () => undefined
    const calledOnce = new Promise<void>((resolve) => (called = resolve))
    const commit = () => {
      called()
      return new Promise<boolean>((resolve) => (answer = resolve))
    }
    return { commit, calledOnce, answer: (recorded: boolean) => answer(recorded) }
  }

  /** Sends with a commit that records at once; answers the error, if any, and whether it was called. */
  const sendRecording = async (to: string) => {
    let recorded = false
    const error = await mailer
      .send(message(to), {
        commit: async () => {
          recorded = true
          return true
        },
      })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      )
    return { error, recorded }
  }

  it('holds the final dot until the commit answers: the server keeps the message only then', async () => {
    const held = commitHeld()
    const sending = mailer.send(message('held@empresa.com'), { commit: held.commit })
    await held.calledOnce
    // The whole message is with the server, the dot is not: it has nothing yet.
    expect(inbox.to('held@empresa.com')).toEqual([])
    held.answer(true)
    await sending
    expect(inbox.to('held@empresa.com')).toHaveLength(1)
  })

  it('never calls the commit for a recipient the server refused in the envelope', async () => {
    inbox.refused.add('nobody@empresa.com')
    const { error, recorded } = await sendRecording('nobody@empresa.com')
    expect(error).toMatchObject({ kind: 'rejected' })
    expect(recorded).toBe(false)
  })

  it('drops the message without its dot when the commit throws or says another sender has it', async () => {
    const before = inbox.interrupted
    const failing = await mailer
      .send(message('unrecorded@empresa.com'), {
        commit: async () => {
          throw new Error('database unreachable')
        },
      })
      .catch((failure: unknown) => failure)
    expect(failing).toBeInstanceOf(NotCommitted)
    const taken = await mailer
      .send(message('taken@empresa.com'), { commit: async () => false })
      .catch((failure: unknown) => failure)
    expect(taken).toBeInstanceOf(NotCommitted)
    // The server saw both messages' data and discarded them when the connection ended before the dot.
    await inbox.waitForInterrupted(before + 2)
    expect([...inbox.to('unrecorded@empresa.com'), ...inbox.to('taken@empresa.com')]).toEqual([])
    // The next message goes out on a new connection.
    expect(await sendRecording('next@empresa.com')).toEqual({ error: undefined, recorded: true })
    expect(inbox.to('next@empresa.com')).toHaveLength(1)
  })

  it('fails with the server’s answer when it refuses the message after the dot, so the sender takes the record back', async () => {
    inbox.refusingData.add('late@empresa.com')
    const { error, recorded } = await sendRecording('late@empresa.com')
    expect(recorded).toBe(true)
    expect(error).toBeInstanceOf(DeliveryError)
    expect(error).toMatchObject({ kind: 'rejected', message: expect.stringMatching(/550 5\.1\.1/) })
  })
})

/** An error as nodemailer's SMTP connection makes it (`_formatError`). */
const smtpError = (code: string, command: string, response?: string) =>
  Object.assign(new Error(response ?? 'failed'), {
    code,
    command,
    response,
    responseCode: response ? Number(response.slice(0, 3)) : undefined,
  })

describe('smtpFailure', () => {
  it('marks the inbox only for a permanent refusal that names the recipient', () => {
    expect(smtpFailure(smtpError('EENVELOPE', 'RCPT TO', '550 5.1.1 No such user'))).toBe('rejected')
    expect(smtpFailure(smtpError('EMESSAGE', 'DATA', '550 5.1.1 <ana@empresa.com>: user unknown'))).toBe('rejected')
    expect(smtpFailure(smtpError('EMESSAGE', 'DATA', '552 5.2.2 Mailbox full'))).toBe('rejected')
  })

  it('gives up, without blaming the inbox, a message no server answered for or one refused for what it is', () => {
    // Nodemailer's own refusals carry no reply code.
    expect(smtpFailure(smtpError('EENVELOPE', 'API'))).toBe('unsendable')
    expect(smtpFailure(smtpError('EMESSAGE', 'API'))).toBe('unsendable')
    expect(smtpFailure(smtpError('EMESSAGE', 'DATA', '554 5.7.1 Message content rejected'))).toBe('unsendable')
    expect(smtpFailure(smtpError('EMESSAGE', 'DATA', '552 5.3.4 Message too big'))).toBe('unsendable')
  })

  it('retries a transient failure or a session out of step, and calls the server’s own failures unavailable', () => {
    expect(smtpFailure(smtpError('EENVELOPE', 'RCPT TO', '451 4.3.0 Try later'))).toBe('deferred')
    expect(smtpFailure(smtpError('EENVELOPE', 'RCPT TO', '503 5.5.1 Bad sequence'))).toBe('deferred')
    expect(smtpFailure(smtpError('EENVELOPE', 'MAIL FROM', '550 5.7.1 Sender refused'))).toBe('unavailable')
    expect(smtpFailure(smtpError('EENVELOPE', 'RCPT TO', '421 4.3.2 Shutting down'))).toBe('unavailable')
    expect(smtpFailure(smtpError('ECONNECTION', 'CONN'))).toBe('unavailable')
  })
})
