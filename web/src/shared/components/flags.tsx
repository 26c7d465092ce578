import type { Locale } from '../../../../schemas/locales.ts'

/** Brazil: green field, yellow rhombus, blue globe with its white band. */
function BrazilFlag() {
  return (
    <>
      <rect width="30" height="20" fill="#009b3a" />
      <path d="M15 2.2 27.6 10 15 17.8 2.4 10z" fill="#fedf00" />
      <circle cx="15" cy="10" r="4.6" fill="#002776" />
      <path d="M10.6 9.1c3-.9 6.4-.6 8.9 1.1l-.2.8c-2.5-1.6-5.7-1.9-8.6-1z" fill="#fff" />
    </>
  )
}

/** United States: thirteen stripes and the canton, its stars as dots at this size. */
function UsFlag() {
  const stripes = Array.from({ length: 7 }, (_, i) => (
    <rect key={i} y={(i * 40) / 13} width="30" height={20 / 13} fill="#b22234" />
  ))
  const stars = Array.from({ length: 20 }, (_, i) => (
    <circle
      key={i}
      cx={1.2 + (i % 5) * 2.6 + (Math.floor(i / 5) % 2) * 1.3}
      cy={1.3 + Math.floor(i / 5) * 2.5}
      r="0.55"
      fill="#fff"
    />
  ))
  return (
    <>
      <rect width="30" height="20" fill="#fff" />
      {stripes}
      <rect width="13" height={(20 * 7) / 13} fill="#3c3b6e" />
      {stars}
    </>
  )
}

const flags = { pt: BrazilFlag, en: UsFlag } satisfies Record<Locale, () => React.JSX.Element>

/** The flag of the language's country (Brazil for Portuguese, US for English), decorative. */
export function Flag({ locale }: { locale: Locale }) {
  const Drawing = flags[locale]
  return (
    <svg
      viewBox="0 0 30 20"
      width="24"
      height="16"
      aria-hidden="true"
      focusable="false"
      style={{ borderRadius: 3, flex: 'none' }}
    >
      <Drawing />
    </svg>
  )
}
