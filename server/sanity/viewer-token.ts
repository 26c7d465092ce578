import { timingSafeEqual } from 'node:crypto'

/**
 * Whether a request's Authorization header carries the viewer token (`Bearer <token>`), the key
 * to private documents and to unlimited use of the content endpoints, as a Sanity token is.
 */
export function hasViewerToken(authorization: string | undefined, viewerToken: string | undefined): boolean {
  return viewerToken ? hasBearer(authorization, viewerToken) : false
}

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
export function hasBearer(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(authorization ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
