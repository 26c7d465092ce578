// Loaded with the first use of the form, never with the page (see proof-of-work.ts). The
// "external" build of the widget brings no inline styles or blob workers, so it runs under the
// site's Content Security Policy: its stylesheet and its worker are files of this site.
import 'altcha/external'
import 'altcha/altcha.css'
import pbkdf2Worker from 'altcha/workers/pbkdf2?url'
import type { AltchaWidgetElement } from 'altcha/types/generic'

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker(pbkdf2Worker))

/**
 * An ALTCHA widget appended to `host`, ready to verify. It shows nothing: the proof of work runs in the
 * background and the visitor never sees a puzzle (its UI is `display: none`, so it adds nothing
 * to the page's accessibility tree either).
 */
export async function mountWidget(host: HTMLElement): Promise<AltchaWidgetElement> {
  const widget = document.createElement('altcha-widget')
  const loaded = new Promise((resolve) => widget.addEventListener('load', resolve, { once: true }))
  widget.setAttribute('display', 'invisible')
  widget.setAttribute('auto', 'off')
  host.append(widget)
  await loaded
  await widget.configure({ hideLogo: true, hideFooter: true, humanInteractionSignature: false })
  return widget
}
