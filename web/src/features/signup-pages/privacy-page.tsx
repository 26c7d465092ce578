import styled from 'styled-components'
import type { SignupPagesCopy } from '../../shared/content/signup-pages-copy.ts'
import { pathForLocale } from '../../shared/i18n/locale-preference.ts'
import { useLocale } from '../../shared/i18n/locale-context.tsx'
import { NoticeLayout } from './notice-layout.tsx'

/** The short privacy note the sign-up form links to: what is stored, why, how long, the reader's rights. */
export function PrivacyPage({ copy }: { copy: SignupPagesCopy }) {
  const { locale } = useLocale()
  const { privacy } = copy

  return (
    <NoticeLayout brandName={copy.brandName} homePath={pathForLocale(locale)}>
      <h1>{privacy.title}</h1>
      <p>{privacy.intro}</p>
      {privacy.sections.map((section) => (
        <section key={section.key} aria-labelledby={`privacy-${section.key}`}>
          <h2 id={`privacy-${section.key}`}>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      <Version>{privacy.versionLine}</Version>
      <p>
        <a href={pathForLocale(locale)}>{copy.homeLink}</a>
      </p>
    </NoticeLayout>
  )
}

const Version = styled.p`
  font-size: ${({ theme }) => theme.text.sm};
  color: ${({ theme }) => theme.color.inkMuted};
`
