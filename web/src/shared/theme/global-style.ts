import { fallbackFontFaces } from './fonts.ts'
import { theme } from './theme.ts'

/**
 * The page-wide rules, as plain CSS: the prerender puts them in a <style> of their own
 * (entry-server.tsx) and the browser never inserts them again. As a styled-components global
 * style they were re-inserted while the page hydrated, which made the browser restyle and lay
 * out the whole page once more (docs/decisions/0026-script-after-first-paint.md).
 *
 * Sections are laid out only near the viewport (`content-visibility: auto`), so loading the page
 * and hydrating it lay out what is on screen, nothing more; once an in-page link is followed
 * (`:target`) every section is, so the jump lands where it points
 * (docs/decisions/0051-sections-laid-out-when-seen.md).
 */
export const globalStyle = `
  ${fallbackFontFaces}

  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    /* Anchored sections stop below the fixed header. */
    scroll-padding-top: ${theme.layout.headerHeight};
  }

  @media (prefers-reduced-motion: no-preference) {
    html { scroll-behavior: smooth; }
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }

  body {
    margin: 0;
    font-family: ${theme.font.body};
    font-size: ${theme.text.md};
    line-height: 1.6;
    color: ${theme.color.ink};
    background: ${theme.color.page};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4 { line-height: 1.15; letter-spacing: -0.02em; margin: 0; text-wrap: balance; }
  p { margin: 0; text-wrap: pretty; }
  ul, ol { margin: 0; padding: 0; }
  img, svg { display: block; max-width: 100%; }

  main > section { content-visibility: auto; contain-intrinsic-size: auto 60rem; }
  main:has(:target) > section { content-visibility: visible; }
  a { color: inherit; }
  button, input { font: inherit; }

  :focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 3px;
    border-radius: 4px;
  }

  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px;
    overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%);
    white-space: nowrap;
  }
`
