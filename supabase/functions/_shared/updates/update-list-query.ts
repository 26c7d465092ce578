import { defineQuery } from 'groq'

/**
 * The updates a team may send, for the Launch tool's picker: each published one's id and subject
 * (the published perspective leaves drafts out), the most recently edited first, at most 200.
 * Typed and checked by its generated parser as every content read is
 * (docs/decisions/0062-content-parsed-where-it-enters.md).
 */
export const updateEmailsQuery = defineQuery(`*[_type == "updateEmail"] | order(_updatedAt desc)[0...200]{ _id, subject }`)
