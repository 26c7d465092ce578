import { defineQuery } from 'groq'

/**
 * The welcome's copy in both languages, and the brand and contact address it names. The
 * self-hosted sender asks its content source; the edge functions ask the dataset's public API.
 */
export const welcomeCopyQuery = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{ brandName, email },
  "email": *[_type == "welcomeEmail" && _id == "welcomeEmail"][0]{
    subject, greeting, greetingWithoutName, confirmIntro, confirmButton, confirmNote,
    paragraphs, steps, signOff, notYou, removeLink
  }
}`)
