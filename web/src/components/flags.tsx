import { BR, US } from 'country-flag-icons/react/3x2'
import type { Locale } from '../../../schemas/locales.ts'

const flags = { pt: BR, en: US } satisfies Record<Locale, typeof BR>

/** The flag of the language's country (Brazil for Portuguese, US for English), decorative. */
export function Flag({ locale }: { locale: Locale }) {
  const Svg = flags[locale]
  return <Svg aria-hidden="true" focusable="false" width={24} height={16} style={{ borderRadius: 3, flex: 'none' }} />
}
