import { createContext, use, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { localeTags, type Locale } from '../../../../schemas/locales.ts'
import { SectionHydrationContext } from '../hydration/section-hydration.ts'
import { pathForLocale, rememberLocale } from './locale-preference.ts'

interface LocaleState {
  locale: Locale
  setLocale: (locale: Locale) => void
}

const LocaleContext = createContext<LocaleState | undefined>(undefined)

interface LocaleProviderProps {
  initialLocale: Locale
  /** Landing pages move to the language's own address; other pages keep theirs. */
  syncAddress: boolean
  children: ReactNode
}

export function LocaleProvider({ initialLocale, syncAddress, children }: LocaleProviderProps) {
  const [locale, setLocaleState] = useState(initialLocale)
  const sectionHydration = use(SectionHydrationContext)

  const setLocale = useCallback(
    (next: Locale) => {
      // A section still waiting to hydrate cannot take the new language: React would drop its markup.
      sectionHydration?.openAll()
      setLocaleState(next)
      rememberLocale(next)
      document.documentElement.lang = localeTags[next].html
      if (syncAddress) {
        window.history.replaceState(window.history.state, '', pathForLocale(next) + window.location.hash)
      }
    },
    [syncAddress, sectionHydration],
  )

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext)
  if (!state) throw new Error('useLocale must be used inside <LocaleProvider>')
  return state
}
