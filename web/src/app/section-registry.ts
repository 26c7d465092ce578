import type { ComponentType } from 'react'
import type { SectionId } from '../../../schemas/page-sections.ts'
import { sectionRenderer, type SectionRendererProps } from '../shared/components/section-renderer.tsx'
import {
  resolveCta,
  resolveFeatures,
  resolveFreeTrial,
  resolveHero,
  resolvePlatform,
  resolveResults,
  resolveTestimonials,
  resolveUseCases,
  resolveWorkflow,
  type BlockOf,
} from '../shared/content/section-copy.ts'
import { Hero } from '../features/sections/hero.tsx'
import { Workflow } from '../features/sections/workflow.tsx'
import { UseCases } from '../features/sections/use-cases.tsx'
import { Results } from '../features/sections/results.tsx'
import { Features } from '../features/sections/features.tsx'
import { Platform } from '../features/sections/platform.tsx'
import { Testimonials } from '../features/sections/testimonials.tsx'
import { CallToAction } from '../features/sections/call-to-action.tsx'
import { FreeTrial } from '../features/waitlist/free-trial.tsx'
import { lazyComponent, type LazyComponent } from './lazy-component.tsx'

type Renderer<Id extends SectionId> = ComponentType<SectionRendererProps<BlockOf<Id>>>

/**
 * How the page draws each section kind of schemas/page-sections.ts (a kind without one fails the type
 * check): the home page's kinds in its first script; the others, which it does not use, each in a chunk
 * loaded only on the pages that have one (lazy-component.tsx), its folder under features/ holding its
 * component, copy and fallbacks.
 */
export const sectionRenderers: { [Id in SectionId]: Renderer<Id> | LazyComponent<SectionRendererProps<BlockOf<Id>>> } = {
  hero: sectionRenderer(Hero, resolveHero),
  workflow: sectionRenderer(Workflow, resolveWorkflow),
  useCases: sectionRenderer(UseCases, resolveUseCases),
  results: sectionRenderer(Results, resolveResults),
  features: sectionRenderer(Features, resolveFeatures),
  platform: sectionRenderer(Platform, resolvePlatform),
  testimonials: sectionRenderer(Testimonials, resolveTestimonials),
  cta: sectionRenderer(CallToAction, resolveCta),
  freeTrial: sectionRenderer(FreeTrial, resolveFreeTrial),
  faq: lazyComponent(() => import('../features/faq/faq-section.tsx')),
  logoRow: lazyComponent(() => import('../features/logo-row/logo-row-section.tsx')),
  richText: lazyComponent(() => import('../features/rich-text/rich-text-section.tsx')),
}
