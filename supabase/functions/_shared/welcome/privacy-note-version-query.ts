import { defineQuery } from 'groq'

/**
 * The privacy note's current version: the consent the form records names it. The self-hosted
 * server asks its content source; the edge functions ask the dataset's public API.
 */
export const privacyNoteVersionQuery = defineQuery(`*[_type == "privacyNote" && _id == "privacyNote"][0].version`)
