import { defineQuery } from 'groq'

/**
 * The copy of every message the outbox sends, in both languages: the welcome's, the invitation's,
 * the place email's (with the referral rules the sweep writes into the database), and the brand
 * and contact address they name. One query, so the sender reads the content once
 * for whatever it holds. The self-hosted sender asks its content source; the edge functions ask
 * the dataset's public API.
 */
export const mailCopyQuery = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{ brandName, email },
  "email": *[_type == "welcomeEmail" && _id == "welcomeEmail"][0]{
    subject, greeting, greetingWithoutName, confirmIntro, confirmButton, confirmNote,
    paragraphs, steps, signOff, notYou, removeLink
  },
  "invitation": *[_type == "invitationEmail" && _id == "invitationEmail"][0]{
    subject, greeting, greetingWithoutName, intro, trialButton, trialUrl, paragraphs, signOff, footer, removeLink
  },
  "referrals": *[_type == "referralSettings" && _id == "referralSettings"][0]{
    placesPerReferral, leaderboard, subject, greeting, greetingWithoutName, emailIntro, place, linkLabel, linkIntro,
    linkIntroNoMove, credited, milestones[]{ friends, text }, nextMilestone, statusButton, signOff, emailFooter, removeLink
  }
}`)
