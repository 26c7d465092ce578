import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import type { resolveFreeTrial } from '../../shared/content/section-copy.ts'
import { Inner } from '../../shared/components/section.tsx'
import { BulletList, type Bullet } from '../../shared/components/bullet-list.tsx'
import { WaitlistForm } from './waitlist-form.tsx'

export function FreeTrial({ id, copy }: SectionProps<typeof resolveFreeTrial>) {
  return (
    <Band id={id} aria-labelledby={`${id}-title`}>
      <Layout>
        <div>
          <h2 id={`${id}-title`}>{copy.title}</h2>
          {copy.subtitle ? <Intro>{copy.subtitle}</Intro> : null}
          <Benefits items={copy.benefits} bullet={arrow} spacing="md" />
        </div>
        <WaitlistForm form={copy.form} />
      </Layout>
    </Band>
  )
}

const Band = styled.section`
  padding-block: ${({ theme }) => theme.space.section};
  color: ${({ theme }) => theme.color.inkInverse};
  background:
    radial-gradient(40rem 24rem at 100% 0%, rgb(124 58 237 / 0.4), transparent 60%), ${({ theme }) => theme.color.night};
`

const Layout = styled(Inner)`
  display: grid;
  gap: clamp(2rem, 1.5rem + 3vw, 4rem);
  align-items: center;
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: 1fr minmax(0, 28rem);
  }
  h2 {
    font-size: ${({ theme }) => theme.text.xxl};
  }
`

const Intro = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.text.lg};
  color: ${({ theme }) => theme.color.inkInverseMuted};
`

const arrow: Bullet = { glyph: '→', color: 'accentOnNight' }

const Benefits = styled(BulletList)`
  margin-top: ${({ theme }) => theme.space.xl};
`
