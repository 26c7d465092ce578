import { usePageCopy } from '../content/use-page-content.ts'
import { useDocumentHead } from '../seo/use-document-head.ts'
import { Header } from '../sections/header.tsx'
import { Hero } from '../sections/hero.tsx'
import { Workflow } from '../sections/workflow.tsx'
import { UseCases } from '../sections/use-cases.tsx'
import { Results } from '../sections/results.tsx'
import { Features } from '../sections/features.tsx'
import { Platform } from '../sections/platform.tsx'
import { Testimonials } from '../sections/testimonials.tsx'
import { CallToAction } from '../sections/call-to-action.tsx'
import { FreeTrial } from '../sections/free-trial.tsx'
import { Footer } from '../sections/footer.tsx'

/** Composes the sections in page order (docs/decisions/0004-section-order.md). */
export function LandingPage() {
  const copy = usePageCopy()
  useDocumentHead(copy)
  return (
    <>
      <Header brandName={copy.brandName} ui={copy.ui} />
      <main id="main" tabIndex={-1}>
        <Hero copy={copy.hero} />
        <Workflow copy={copy.workflow} />
        <UseCases copy={copy.useCases} />
        <Results copy={copy.results} />
        <Features copy={copy.features} />
        <Platform copy={copy.platform} />
        <Testimonials copy={copy.testimonials} />
        <CallToAction copy={copy.cta} />
        <FreeTrial copy={copy.freeTrial} />
      </main>
      <Footer copy={copy.footer} />
    </>
  )
}
