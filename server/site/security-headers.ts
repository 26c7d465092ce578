import helmet, { type HelmetOptions } from 'helmet'
import type { FastifyReply, onRequestHookHandler } from 'fastify'
import type { ServerConfig } from '../config.ts'
import type { InlineSources } from './inline-sources.ts'

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
 * Security headers on every response (docs/decisions/0019-security-headers.md), through
 * helmet. Scripts run only from this origin, never eval'd; styles likewise. A page's own
 * inline scripts and styles are allowed by their hashes, which the page's response adds
 * (allowInlineSources, docs/decisions/0050-pages-kept-compressed-under-hashes.md). Nothing may
 * frame the site except the Studio in draft preview (allowStudioFraming), and HSTS is sent only
 * when the site is on https.
 */
function securityHeaders(config: ServerConfig): HelmetOptions {
  const https = config.siteUrl.startsWith('https:')
  const hosted = hostedOrigins(config)
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Style attributes (a flag's corners) cannot be hashed without 'unsafe-hashes'; unlike
        // <style> tags they cannot hold selectors, so they stay allowed.
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
    // Headers for browsers and plug-ins long gone (IE 8's downloads, its XSS auditor, Flash's
    // policy files) or that only slow links down (DNS prefetch): every byte of the page's headers
    // counts against its first round trip.
    xDownloadOptions: false,
    xXssProtection: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  }
}

/** The hook that sets them on every response: helmet's middleware, made once (@fastify/helmet made it anew, parsing the policy, on each request). */
export function securityHeadersHook(config: ServerConfig): onRequestHookHandler {
  const apply = helmet(securityHeaders(config))
  return (request, reply, done) => apply(request.raw, reply.raw, (error) => done(error as Error | undefined))
}

export const permissionsPolicy = PERMISSIONS_POLICY

/**
 * Headers that rule a document (what it may load, use, or be framed by, where its links' referrers
 * go): on a fingerprinted script, font or image they mean nothing, and the page's first script
 * alone carries them in its headers at ~700 bytes. Its worker's script (the proof of work) runs
 * only this site's code, which loads nothing else.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
]

/** A built asset's response keeps nosniff and its resource policy, not the document's rules. */
export function dropDocumentHeaders(reply: FastifyReply): void {
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name)
}

/**
 * The landing page goes without Cross-Origin-Opener-Policy: a document that sends one is put in a
 * browsing context group, so a renderer process, of its own, and the first task of a new process
 * (the navigation's commit, with a fresh JavaScript context) takes two to three times as long,
 * right at the first paint, on a phone most of all (Chrome for Android isolates sites that send
 * it). The page opens no window and holds nothing of the reader's for an opener to read; the
 * sign-up pages, which carry personal links, keep the policy
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md).
 */
export function dropOpenerPolicy(reply: FastifyReply): void {
  reply.removeHeader('cross-origin-opener-policy')
}

/** A page's inline scripts and styles, allowed by their hashes in this response's policy. */
export function allowInlineSources(reply: FastifyReply, sources: InlineSources): void {
  const csp = String(reply.getHeader('content-security-policy') ?? '')
  const added: Record<string, string[]> = { 'script-src': sources.script, 'style-src': sources.style }
  const directives = csp.split(';').map((directive) => {
    const name = directive.trim().split(' ', 1)[0] ?? ''
    return added[name]?.length ? `${directive} ${added[name].join(' ')}` : directive
  })
  reply.header('content-security-policy', directives.join(';'))
}

/**
 * Draft preview runs inside Sanity Studio's Presentation tool: that one origin may frame the
 * page (and open it in a window of its own), nobody else.
 */
export function allowStudioFraming(reply: FastifyReply, studioUrl: string): void {
  const csp = String(reply.getHeader('content-security-policy') ?? '')
  reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", `frame-ancestors ${new URL(studioUrl).origin}`))
  reply.removeHeader('x-frame-options')
  dropOpenerPolicy(reply)
}
