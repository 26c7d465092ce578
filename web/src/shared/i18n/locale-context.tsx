import { createContext, use, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { localeTags, type Locale } from '../../../../schemas/locales.ts'
import { SectionHydrationContext } from '../hydration/section-hydration.ts'
import { rememberLocale } from './locale-preference.ts'

interface LocaleState {
  locale: Locale
  setLocale: (locale: Locale) => void
}

const LocaleContext = createContext<LocaleState | undefined>(undefined)

interface LocaleProviderProps {
  initialLocale: Locale
  children: ReactNode
}

/** The reader's language; a page moves to its address in the new one as its copy changes (use-document-head.ts). */
export function LocaleProvider({ initialLocale, children }: LocaleProviderProps) {
  const [locale, setLocaleState] = useState(initialLocale)
  const sectionHydration = use(SectionHydrationContext)

  const setLocale = useCallback(
    (next: Locale) => {
      // A section still waiting to hydrate cannot take the new language: React would drop its markup.
      sectionHydration?.openAll()
      setLocaleState(next)
      rememberLocale(next)
      document.documentElement.lang = localeTags[next].html
    },
    [sectionHydration],
  )

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext)
  if (!state) throw new Error('useLocale must be used inside <LocaleProvider>')
  return state
}
