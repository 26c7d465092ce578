import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createPreviewSession, endPreview, PREVIEW_TTL_MS } from './preview-session.ts'

/** An app that starts, ends and checks the session, as the preview routes do. */
async function appWith(session: ReturnType<typeof createPreviewSession>) {
  const app = Fastify()
  await app.register(fastifyCookie)
  app.get('/start', async (_request, reply) => {
    session.start(reply)
    return reply.send()
  })
  app.get('/end', async (_request, reply) => {
    endPreview(reply)
    return reply.send()
  })
  app.get('/active', async (request) => ({ active: session.isActive(request) }))
  return app
}

async function issuedCookie(session: ReturnType<typeof createPreviewSession>): Promise<string> {
  const response = await (await appWith(session)).inject({ url: '/start' })
  const cookie = response.cookies[0]
  if (!cookie) throw new Error('no cookie set')
  return cookie.value
}

async function isActive(session: ReturnType<typeof createPreviewSession>, cookie: string | undefined) {
  const app = await appWith(session)
  const response = await app.inject({ url: '/active', ...(cookie === undefined ? {} : { cookies: { pulso_preview: cookie } }) })
  return (response.json() as { active: boolean }).active
}

const TOKEN = 'viewer-token-of-at-least-20'

describe('the preview session cookie', () => {
  it('is valid for an hour after it is issued, then not', async () => {
    let now = 1_000_000
    const session = createPreviewSession(TOKEN, () => now)
    const cookie = await issuedCookie(session)
    expect(await isActive(session, cookie)).toBe(true)
    now += PREVIEW_TTL_MS - 1
    expect(await isActive(session, cookie)).toBe(true)
    now += 1
    expect(await isActive(session, cookie)).toBe(false)
  })

  it('cannot be forged, extended or carried to a site with another token', async () => {
    const session = createPreviewSession(TOKEN)
    const cookie = await issuedCookie(session)
    const dot = cookie.lastIndexOf('.')
    const [expires, signature] = [cookie.slice(0, dot), cookie.slice(dot + 1)]
    expect(await isActive(session, cookie)).toBe(true)
    expect(await isActive(session, `${Number(expires) + 1}.${signature}`)).toBe(false)
    expect(await isActive(session, `${expires}.${signature.slice(1)}`)).toBe(false)
    expect(await isActive(session, undefined)).toBe(false)
    expect(await isActive(session, 'garbage')).toBe(false)
    expect(await isActive(createPreviewSession('another-viewer-token-here'), cookie)).toBe(false)
  })

  it('is set cross-site for the Studio’s iframe, and ending it clears it', async () => {
    const app = await appWith(createPreviewSession(TOKEN))
    const [started] = (await app.inject({ url: '/start' })).cookies
    expect(started).toMatchObject({
      name: 'pulso_preview',
      path: '/',
      maxAge: 3600,
      httpOnly: true,
      secure: true,
      sameSite: 'None',
    })
    const [ended] = (await app.inject({ url: '/end' })).cookies
    expect(ended).toMatchObject({ name: 'pulso_preview', value: '', path: '/', maxAge: 0, secure: true, sameSite: 'None' })
  })
})
