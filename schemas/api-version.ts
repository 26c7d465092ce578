/** The Content API version the schema's own reads ask for (initial values, uniqueness checks). */
export const SCHEMA_API_VERSION = '2025-02-19'
