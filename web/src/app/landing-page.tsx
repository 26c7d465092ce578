import { usePageCopy } from '../shared/content/use-page-copy.ts'
import { useDocumentHead } from '../shared/seo/use-document-head.ts'
import { Header } from '../features/sections/header.tsx'
import { Footer } from '../features/sections/footer.tsx'
import { PageSection } from './page-section.tsx'

/** The header, the sections the copy lists in its order (docs/decisions/0004-section-order.md), the footer. */
export function LandingPage() {
  const copy = usePageCopy()
  useDocumentHead(copy)
  return (
    <>
      <Header brandName={copy.brandName} ui={copy.ui} sections={copy.sections} />
      <main id="main" tabIndex={-1}>
        {copy.sections.map((id) => (
          <PageSection key={id} id={id} copy={copy[id]} />
        ))}
      </main>
      <Footer copy={copy.footer} />
    </>
  )
}
