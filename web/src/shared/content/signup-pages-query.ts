import { defineQuery } from 'groq'

/**
 * What the pages a sign-up opens show (the confirmation and removal pages, the privacy note, the
 * referral status and leaderboard pages), in both languages: a query of their own, so the landing page's stays as it is.
 */
export const signupPagesQuery = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{ brandName, email },
  "pages": *[_type == "linkPages" && _id == "linkPages"][0]{
    confirmTitle, confirmBody, confirmButton, confirmedTitle, confirmedBody, goneTitle, goneBody,
    confirmExpiredTitle, confirmExpiredBody, removeTitle, removeBody, removeButton,
    removedTitle, removedBody, removeExpiredTitle, removeExpiredBody, invalidTitle, invalidBody,
    unavailableTitle, unavailableBody, homeLink
  },
  "privacy": *[_type == "privacyNote" && _id == "privacyNote"][0]{
    version, title, intro, sections[]{ _key, heading, body }, versionLabel
  },
  "referrals": *[_type == "referralSettings" && _id == "referralSettings"][0]{
    title, place, notWaiting, invited, linkLabel, linkIntro, linkIntroNoMove, credited, held,
    milestones[]{ _key, friends, text }, nextMilestone, leaderboardTitle, leaderboardEmpty, anonymous
  }
}`)
