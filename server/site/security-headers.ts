import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyReply } from 'fastify'
import type { ServerConfig } from '../config.ts'

/** Powerful browser features the page never uses, refused to it and to anything it embeds. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ')

/**
 * The origins the browser talks to besides this site: hosted Sanity (content, live events,
 * images) and hosted Supabase (the two sign-up calls and the proof-of-work challenge).
 */
function hostedOrigins({ sanity, supabase }: ServerConfig) {
  const sanityApi = sanity.hosted
    ? [`https://${sanity.projectId}.api.sanity.io`, `https://${sanity.projectId}.apicdn.sanity.io`]
    : []
  return {
    connect: [...sanityApi, ...(supabase.hosted ? [new URL(supabase.url).origin] : [])],
    images: sanity.hosted ? ['https://cdn.sanity.io'] : [],
  }
}

/**
 * Security headers on every response (docs/decisions/0032-security-headers.md), through
 * @fastify/helmet. Scripts run only from this origin or with the response's nonce, never
 * inline or eval'd; styles likewise (styled-components stamps its <style> tags with the style
 * nonce, on the server and in the browser). Nothing may frame the site except the Studio in
 * draft preview (allowStudioFraming), and HSTS is sent only when the site is on https.
 */
export function securityHeaders(config: ServerConfig): FastifyHelmetOptions {
  const https = config.siteUrl.startsWith('https:')
  const hosted = hostedOrigins(config)
  return {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Style attributes (an image's blurred placeholder, a flag's corners) cannot carry a
        // nonce; unlike <style> tags they cannot hold selectors, so they stay allowed.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...hosted.images],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...hosted.connect],
        // The proof of work's solver is a file of this site.
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  }
}

export const permissionsPolicy = PERMISSIONS_POLICY

/**
 * Draft preview runs inside Sanity Studio's Presentation tool: that one origin may frame the
 * page (and open it in a window of its own), nobody else.
 */
export function allowStudioFraming(reply: FastifyReply, studioUrl: string): void {
  const csp = String(reply.getHeader('content-security-policy') ?? '')
  reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", `frame-ancestors ${new URL(studioUrl).origin}`))
  reply.removeHeader('x-frame-options')
  reply.removeHeader('cross-origin-opener-policy')
}
