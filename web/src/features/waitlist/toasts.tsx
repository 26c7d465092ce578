import { createPortal } from 'react-dom'
import { ToastContainer, toast } from 'react-toastify/unstyled'
import toastStyles from 'react-toastify/ReactToastify.css?inline'
import { ToastMessage } from './toast-message.tsx'

// react-toastify's default build writes its styles into a <style> tag, which the Content Security
// Policy refuses (only the page's own styles are allowed, by their hashes); a constructed style
// sheet is the page's script's own doing, which the policy leaves alone. It comes with this chunk,
// never with the page (docs/decisions/0050-pages-kept-compressed-under-hashes.md).
if ('adoptedStyleSheets' in document) {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(toastStyles)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
}

/**
 * Where the sign-up's outcome appears. Rendered into <body>, so mounting it beside the form leaves
 * the form's layout as it was.
 */
export default function Toasts() {
  return createPortal(<ToastContainer position="bottom-right" theme="colored" newestOnTop />, document.body)
}

/** Shows the outcome; a toast asked for before the container is mounted waits for it. */
export function announce(outcome: 'success' | 'error', message: { title: string; description: string }) {
  toast[outcome](<ToastMessage {...message} />)
}
