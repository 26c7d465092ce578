import type { HoldReason, ReferralReview } from './launch-api.ts'

/** The Referrals tab's words (the tab's own label is in launch-copy.ts with the others). */
export const referralsCopy = {
  intro: (places: number, perHour: number) =>
    `A referral counts once the friend confirms. Each moves its referrer ${places} ${places === 1 ? 'place' : 'places'} up (set in the Studio’s Referrals document). Referrals from the referrer’s own network within 24 hours, and beyond ${perHour} an hour per referrer, wait here for you.`,
  counts: 'Referrals',
  states: {
    credited: 'Credited',
    held: 'Held for review',
    pending: 'Not confirmed yet',
    refused: 'Refused',
    rejected: 'Rejected',
    revoked: 'Revoked',
  } satisfies Record<keyof ReferralReview['counts'], string>,
  held: 'Held for review',
  none: 'Nothing is waiting for review.',
  columns: { referred: 'Friend', referrer: 'Referred by', reason: 'Why held', signedUp: 'Signed up (UTC)', actions: 'Actions' },
  reasons: {
    same_visitor: 'Same browser as the referrer within 24 h',
    same_network: 'Same network as the referrer within 24 h (IPv4 /24 or IPv6 /64)',
    hourly_limit: 'More than the referrer’s share of credits in an hour',
  } satisfies Record<HoldReason, string>,
  accept: 'Accept',
  reject: 'Reject',
}
