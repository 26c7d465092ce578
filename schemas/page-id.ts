/**
 * A page document's id as the site reads it: published (no dot), short, what a GROQ parameter, an
 * address's query and a database column carry (the columns' checks, migration 20261207090100, say the
 * same). In a module of its own: the page's first script never reads it.
 */
export const PAGE_ID = /^[A-Za-z0-9_-]{1,128}$/
