import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import { sectionRenderer } from '../../shared/components/section-renderer.tsx'
import { Section, SectionBody } from '../../shared/components/section.tsx'
import { faqStructuredData, resolveFaq } from './faq-copy.ts'

/**
 * Questions that open on their answer: native disclosures (`details`), which a keyboard opens with
 * Enter or Space and a screen reader announces as expanded or collapsed, with no script at all. The
 * same questions go to search engines as FAQPage structured data.
 */
function Faq({ id, copy }: SectionProps<typeof resolveFaq>) {
  if (copy.questions.length === 0) return null
  return (
    <Section id={id} title={copy.title} intro={copy.subtitle} tone="tinted">
      <SectionBody>
        <List>
          {copy.questions.map(({ key, question, answer }) => (
            <Item key={key}>
              <details>
                <Question>{question}</Question>
                <Answer>{answer}</Answer>
              </details>
            </Item>
          ))}
        </List>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faqStructuredData(copy) }} />
      </SectionBody>
    </Section>
  )
}

export default sectionRenderer(Faq, resolveFaq)

// Named: a chunk loaded later must make the class names the server made, whatever it loaded before.
const List = styled.ul.withConfig({ componentId: 'faq-list' })`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 48rem;
  margin-inline: auto;
`

const Item = styled.li.withConfig({ componentId: 'faq-item' })`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.page};
`

const Question = styled.summary.withConfig({ componentId: 'faq-question' })`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  font-weight: 650;
  cursor: pointer;
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }
  /* The sign is drawn only: an empty alternative keeps it out of the question's accessible name (the
     browser says "expanded" or "collapsed" itself). */
  &::after {
    content: '+' / '';
    font-weight: 700;
    color: ${({ theme }) => theme.color.primary};
  }
  details[open] > &::after {
    /* A minus sign, escaped: scripts stay one-byte text (docs/decisions/0057-one-byte-script-text.md). */
    content: '\\2212' / '';
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radius.md};
  }
`

const Answer = styled.p.withConfig({ componentId: 'faq-answer' })`
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.inkMuted};
`
