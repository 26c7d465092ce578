import { memo, Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react'
import { dequal } from 'dequal/lite'
import type { SectionId } from '../../../schemas/page-sections.ts'
import type { SectionProps } from '../shared/components/section-props.ts'
import { SectionHydrationContext } from '../shared/hydration/section-hydration.ts'
import { Hero } from '../features/sections/hero.tsx'
import { Workflow } from '../features/sections/workflow.tsx'
import { UseCases } from '../features/sections/use-cases.tsx'
import { Results } from '../features/sections/results.tsx'
import { Features } from '../features/sections/features.tsx'
import { Platform } from '../features/sections/platform.tsx'
import { Testimonials } from '../features/sections/testimonials.tsx'
import { CallToAction } from '../features/sections/call-to-action.tsx'
import { FreeTrial } from '../features/waitlist/free-trial.tsx'

type SectionComponents = { [Id in SectionId]: ComponentType<SectionProps<Id>> }

/** The component that draws each section of schemas/page-sections.ts: a section without one fails the type check. */
const sectionComponents: SectionComponents = {
  hero: Hero,
  workflow: Workflow,
  useCases: UseCases,
  results: Results,
  features: Features,
  platform: Platform,
  testimonials: Testimonials,
  cta: CallToAction,
  freeTrial: FreeTrial,
}

function SectionById<Id extends SectionId>({ id, copy }: SectionProps<Id>) {
  const Component: ComponentType<SectionProps<Id>> = sectionComponents[id]
  return (
    <Suspense fallback={null}>
      <HydratesWhenOpen sectionId={id}>
        <Component id={id} copy={copy} />
      </HydratesWhenOpen>
    </Suspense>
  )
}

/**
 * Waits, while the page hydrates, until the section's gate opens (shared/hydration/section-hydration.ts),
 * then tells the page it has hydrated, so the next gate can open.
 */
function HydratesWhenOpen({ sectionId, children }: { sectionId: string; children: ReactNode }) {
  const sectionHydration = use(SectionHydrationContext)
  const gate = sectionHydration?.gate(sectionId)
  if (gate) use(gate)
  useEffect(() => {
    sectionHydration?.hydrated(sectionId)
  }, [sectionHydration, sectionId])
  return children
}

/**
 * One section of the page, by its id, with its part of the copy, hydrated on its own (a Suspense
 * boundary each). It is drawn again only when that part changes: a refetch that brings the same
 * texts, or an edit elsewhere, leaves it alone.
 */
export const PageSection = memo(SectionById, dequal) as typeof SectionById
