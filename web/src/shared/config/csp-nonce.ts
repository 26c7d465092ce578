/**
 * The style nonce the server gave this page (`<meta property="csp-nonce">`, the tag
 * styled-components reads too), for libraries that add their own <style> tags. The site's
 * Content Security Policy refuses a style tag without it. Undefined outside the browser.
 */
export function styleNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined
}
