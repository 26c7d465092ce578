import { createPortal } from 'react-dom'
import { ToastContainer, toast } from 'react-toastify'
import { ToastMessage } from './toast-message.tsx'
import { styleNonce } from '../../shared/config/csp-nonce.ts'

/**
 * Where the sign-up's outcome appears (react-toastify brings its own styles). Rendered into
 * <body>, so mounting it beside the form leaves the form's layout as it was. Its <style> tag
 * carries the page's style nonce, which the Content Security Policy asks of every style tag.
 */
export default function Toasts() {
  return createPortal(<ToastContainer position="bottom-right" theme="colored" newestOnTop nonce={styleNonce()} />, document.body)
}

/** Shows the outcome; a toast asked for before the container is mounted waits for it. */
export function announce(outcome: 'success' | 'error', message: { title: string; description: string }) {
  toast[outcome](<ToastMessage {...message} />)
}
