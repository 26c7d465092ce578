import styled from 'styled-components'
import { ShieldCheck } from 'lucide-react'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolvePlatform } from '../../shared/content/section-copy.ts'
import { Section, SectionBody } from '../../shared/components/section.tsx'
import { Card } from '../../shared/components/card.ts'
import { BulletList, type Bullet } from '../../shared/components/bullet-list.tsx'

/** Integrations with chat, video-meeting and team tools, and the security promises. */
export function Platform({ id, copy }: SectionProps<typeof resolvePlatform>) {
  return (
    <Section id={id} title={copy.title} intro={copy.subtitle} tone="tinted">
      <SectionBody>
        <Columns>
          {copy.integrationGroups.length > 0 ? (
            <Card>
              <h3>{copy.integrationsTitle}</h3>
              {copy.integrationGroups.map((group) => (
                <Group key={group.category}>
                  <h4>{group.label}</h4>
                  <Tools>
                    {group.tools.map((tool) => (
                      <li key={tool.key}>{tool.name}</li>
                    ))}
                  </Tools>
                </Group>
              ))}
            </Card>
          ) : null}
          {copy.securityPoints.length > 0 ? (
            <Card>
              <h3>{copy.securityTitle}</h3>
              <BulletList items={copy.securityPoints} bullet={shield} spacing="md" />
            </Card>
          ) : null}
        </Columns>
      </SectionBody>
    </Section>
  )
}

const shield: Bullet = { icon: ShieldCheck, color: 'success', size: 20, offset: '0.2rem' }

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  }
  h3 {
    font-size: ${({ theme }) => theme.text.xl};
    margin-bottom: ${({ theme }) => theme.space.lg};
  }
`

const Group = styled.div`
  & + & {
    margin-top: ${({ theme }) => theme.space.lg};
  }
  h4 {
    font-size: ${({ theme }) => theme.text.xs};
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: ${({ theme }) => theme.color.inkMuted};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`

const Tools = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  li {
    padding: 0.375rem 0.875rem;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.surfaceTint};
    color: ${({ theme }) => theme.color.primaryHover};
    font-weight: 600;
    font-size: ${({ theme }) => theme.text.sm};
  }
`
