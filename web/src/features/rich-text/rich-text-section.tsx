import { PortableText, type PortableTextComponents } from '@portabletext/react'
import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import { sectionRenderer } from '../../shared/components/section-renderer.tsx'
import { Inner } from '../../shared/components/section.tsx'
import { isAllowedHref, resolveRichText } from './rich-text-copy.ts'

/**
 * Links the editor wrote: to another site in a new context without the page as its opener, to this
 * site in place; an address of another kind (a script) is dropped and its text kept.
 */
const components: PortableTextComponents = {
  marks: {
    link: ({ value, children }) => {
      const href = (value as { href?: string } | undefined)?.href
      if (!isAllowedHref(href)) return <>{children}</>
      return href.startsWith('https://') ? (
        <a href={href} rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <a href={href}>{children}</a>
      )
    },
  },
}

/** Paragraphs, subheadings, lists and quotes, drawn by @portabletext/react, Portable Text's own renderer. */
function RichText({ id, copy }: SectionProps<typeof resolveRichText>) {
  if (copy.blocks.length === 0) return null
  return (
    <Band id={id} {...(copy.title ? { 'aria-labelledby': `${id}-title` } : {})}>
      <Prose>
        {copy.title ? <h2 id={`${id}-title`}>{copy.title}</h2> : null}
        <PortableText value={copy.blocks} components={components} />
      </Prose>
    </Band>
  )
}

export default sectionRenderer(RichText, resolveRichText)

// Named: a chunk loaded later must make the class names the server made, whatever it loaded before.
const Band = styled.section.withConfig({ componentId: 'rich-text' })`
  padding-block: ${({ theme }) => theme.space.section};
`

const Prose = styled(Inner).withConfig({ componentId: 'rich-text-prose' })`
  max-width: 44rem;
  font-size: ${({ theme }) => theme.text.md};
  line-height: 1.7;
  h2 {
    font-size: ${({ theme }) => theme.text.xxl};
    font-weight: 750;
    margin-bottom: ${({ theme }) => theme.space.lg};
  }
  h3 {
    font-size: ${({ theme }) => theme.text.xl};
    margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.sm};
  }
  h4 {
    font-size: ${({ theme }) => theme.text.lg};
    margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.xs};
  }
  p,
  ul,
  ol,
  blockquote {
    margin-bottom: ${({ theme }) => theme.space.md};
  }
  ul,
  ol {
    padding-left: ${({ theme }) => theme.space.lg};
  }
  blockquote {
    padding-left: ${({ theme }) => theme.space.md};
    border-left: 3px solid ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.inkMuted};
  }
  a {
    color: ${({ theme }) => theme.color.primary};
    text-decoration: underline;
  }
`
