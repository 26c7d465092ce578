import { usePageCopy } from '../shared/content/use-page-copy.ts'
import { useDocumentHead } from '../shared/seo/use-document-head.ts'
import { Header } from '../features/sections/header.tsx'
import { Footer } from '../features/sections/footer.tsx'
import { PageSection } from './page-section.tsx'

/** The page with this document id: the header, its sections in its order (docs/decisions/0074-pages-as-documents.md), the footer. */
export function LandingPage({ id }: { id: string }) {
  const copy = usePageCopy(id)
  useDocumentHead(copy)
  return (
    <>
      <Header
        brandName={copy.brandName}
        ui={copy.ui}
        sections={copy.sections.map((section) => section.anchor)}
        navIds={copy.navIds}
        formHref={copy.context.links.form}
      />
      <main id="main" tabIndex={-1}>
        {copy.sections.map((section) => (
          <PageSection key={section.key} section={section} context={copy.context} />
        ))}
      </main>
      <Footer copy={copy.footer} />
    </>
  )
}
