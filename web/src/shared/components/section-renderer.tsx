import type { ComponentType } from 'react'
import type { SectionContext } from '../content/section-copy.ts'

/** What the page hands a section kind: the section's anchor, its block as the query gives it, and the page's context. */
export interface SectionRendererProps<Block> {
  anchor: string
  block: Block
  context: SectionContext
}

/**
 * A section kind as the page draws it: its copy resolved from its block in the reader's language, then
 * its component. The kind's component and resolver are checked against each other here, once.
 */
export function sectionRenderer<Block, Copy>(
  Component: ComponentType<{ id: string; copy: Copy }>,
  resolve: (block: Block, context: SectionContext) => Copy,
): ComponentType<SectionRendererProps<Block>> {
  return ({ anchor, block, context }) => <Component id={anchor} copy={resolve(block, context)} />
}
