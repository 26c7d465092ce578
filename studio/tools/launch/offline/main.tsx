// The Launch tool where no Studio runs (offline, `npm start`): the site serves this page at
// /launch/, and `npm run launch:open` (or a test) writes the proof as the Studio would and opens
// it with `?proof=<id>`. The same components as in the Studio, the same handshake's end.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@sanity/ui/styles.css'
import { LayerProvider, PortalProvider, studioTheme, ThemeProvider } from '@sanity/ui'
import { createLaunchApi } from '../launch-api.ts'
import { LaunchGate } from '../launch-gate.tsx'
import { ContentWriterContext, tokenContentWriter } from '../content-writer.tsx'

const api = createLaunchApi(window.location.origin)
const proof = new URL(window.location.href).searchParams.get('proof')
// The local editor's session, for the experiments' writes (content-writer.tsx): in the fragment,
// which is never sent to a server, and gone from the address with the proof.
const fragment = new URLSearchParams(window.location.hash.slice(1))
const editorToken = fragment.get('editor')
const writer = editorToken
  ? tokenContentWriter({ origin: window.location.origin, dataset: fragment.get('dataset') ?? 'production', token: editorToken })
  : undefined
// The proof works once: it leaves the address (and the history) as soon as it is read.
if (proof || editorToken) window.history.replaceState(null, '', window.location.pathname)
// Without a proof, a session opened before (a reload) may still be live.
const open = () => (proof ? api.openSession(proof) : api.session())

createRoot(document.getElementById('launch')!).render(
  <StrictMode>
    {/* What the Studio gives its tools: the theme, and layers and a portal for dialogs. */}
    <ThemeProvider theme={studioTheme}>
      <LayerProvider>
        <PortalProvider element={document.body}>
          <ContentWriterContext value={writer}>
            <LaunchGate api={api} open={open} />
          </ContentWriterContext>
        </PortalProvider>
      </LayerProvider>
    </ThemeProvider>
  </StrictMode>,
)
