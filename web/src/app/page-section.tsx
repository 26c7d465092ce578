import { memo, Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react'
import type { SectionContext } from '../shared/content/section-copy.ts'
import type { PageSectionEntry } from '../shared/content/page-copy.ts'
import type { SectionRendererProps } from '../shared/components/section-renderer.tsx'
import { SectionHydrationContext } from '../shared/hydration/section-hydration.ts'
import { readsTheSame } from '../shared/components/reads-the-same.ts'
import { sectionRenderers } from './section-registry.ts'

interface PageSectionProps {
  section: PageSectionEntry
  context: SectionContext
}

function SectionOfPage({ section: { kind, anchor, block }, context }: PageSectionProps) {
  const Renderer = sectionRenderers[kind] as ComponentType<SectionRendererProps<typeof block>>
  return (
    <Suspense fallback={null}>
      <HydratesWhenOpen sectionId={anchor} late={'preload' in Renderer}>
        <Renderer anchor={anchor} block={block} context={context} />
      </HydratesWhenOpen>
    </Suspense>
  )
}

/**
 * Waits, while the page hydrates, until the section's gate opens (shared/hydration/section-hydration.ts),
 * then tells the page it has hydrated, so the next gate can open. A kind loaded lazily opens late: its
 * chunk is fetched after the page's first content answer, not with the first script.
 */
function HydratesWhenOpen({ sectionId, late, children }: { sectionId: string; late: boolean; children: ReactNode }) {
  const sectionHydration = use(SectionHydrationContext)
  const gate = sectionHydration?.gate(sectionId, late)
  if (gate) use(gate)
  useEffect(() => {
    sectionHydration?.hydrated(sectionId)
  }, [sectionHydration, sectionId])
  return children
}

/**
 * One section of the page, with its block and the page's context, hydrated on its own (a Suspense
 * boundary each). It is drawn again only when what it shows changes: a refetch that brings the same
 * texts in the reader's language, or an edit elsewhere, leaves it alone.
 */
export const PageSection = memo(SectionOfPage, (before, after) => readsTheSame(before, after, after.context.locale))
