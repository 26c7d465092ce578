// The kind of device a visitor uses, read from a User-Agent and then dropped (docs/product.md §8.2).
// One small documented rule, not a parser: it imports nothing, so the server (page views) and the
// form's lazily loaded sign-up code (its own User-Agent) class a device alike.

export type DeviceClass = 'phone' | 'tablet' | 'desktop'

/** Only the start of a User-Agent is read: the tokens below come early, and a long header costs nothing more. */
const READ_CHARS = 512

/**
 * Tablets first: Android without "Mobile" is a tablet (Google's own rule for its browsers), as are
 * iPads, Kindles and the like. iPadOS 13 and later send a desktop Safari User-Agent: counted as a desktop.
 */
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i
const PHONE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i

export function deviceClass(userAgent: string): DeviceClass {
  const start = userAgent.slice(0, READ_CHARS)
  if (TABLET.test(start)) return 'tablet'
  if (PHONE.test(start)) return 'phone'
  return 'desktop'
}
