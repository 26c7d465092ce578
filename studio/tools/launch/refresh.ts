/** How often the tool reads the numbers again while it is open: a sign-up in another tab shows within 5 s. */
export const REFRESH_MS = 4_000
