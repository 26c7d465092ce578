import { bodyFontStack } from './fonts.ts'

/** One source for colours, type, spacing and breakpoints; components read it via styled-components. */
export const theme = {
  color: {
    page: '#ffffff',
    surface: '#f7f8fc',
    surfaceTint: '#eef0ff',
    ink: '#0f172a',
    inkMuted: '#475569',
    inkInverse: '#ffffff',
    inkInverseMuted: '#c7cbe6',
    primary: '#4338ca',
    primaryHover: '#3730a3',
    primarySoft: '#e0e3ff',
    accent: '#7c3aed',
    night: '#0b1030',
    nightRaised: '#151b45',
    /** Bullets on the night background: gains, pains and plain points. */
    positiveOnNight: '#86efac',
    negativeOnNight: '#fca5a5',
    accentOnNight: '#a5b4fc',
    border: '#e2e8f0',
    borderStrong: '#cbd5e1',
    success: '#15803d',
    successSoft: '#dcfce7',
    danger: '#b91c1c',
    dangerSoft: '#fee2e2',
    focus: '#f59e0b',
  },
  font: {
    body: bodyFontStack,
  },
  /** Fluid type scale: minimum at 320 px, maximum at 1280 px. */
  text: {
    xs: '0.8125rem',
    sm: '0.9375rem',
    md: '1.0625rem',
    lg: 'clamp(1.125rem, 1.05rem + 0.35vw, 1.3125rem)',
    xl: 'clamp(1.375rem, 1.2rem + 0.8vw, 1.75rem)',
    xxl: 'clamp(1.875rem, 1.5rem + 1.8vw, 2.75rem)',
    display: 'clamp(2.125rem, 1.6rem + 2.6vw, 3.5rem)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: 'clamp(4rem, 3rem + 5vw, 7.5rem)',
  },
  radius: { sm: '0.5rem', md: '0.875rem', lg: '1.25rem', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgb(15 23 42 / 0.06), 0 8px 24px rgb(15 23 42 / 0.06)',
    raised: '0 12px 40px rgb(15 23 42 / 0.14)',
  },
  layout: { maxWidth: '72rem', headerHeight: '4.25rem' },
  /** Below this width the page is laid out for phones and the navigation collapses. */
  breakpoint: { mobile: 768 },
  media: {
    mobile: '@media (max-width: 767.98px)',
    desktop: '@media (min-width: 768px)',
  },
} as const

export type Theme = typeof theme
