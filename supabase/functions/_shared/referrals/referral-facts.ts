import MailChecker from 'mailchecker'
import { greetingName } from '../welcome/greeting-name.ts'

/**
 * What the confirmation needs to know of a referred person that SQL cannot judge
 * (docs/decisions/0048-referrals.md): whether their address is at a disposable domain, by the
 * list `mailchecker` maintains (about 56,000 domains, updated with the package: `npm update
 * mailchecker` and the version in the functions' import maps), and the masked form of their name
 * the leaderboard may show. Runs where the confirmation runs: the self-hosted server and the
 * `waitlist-links` edge function alike.
 */

const disposable = MailChecker.blacklist()

/** True when the address's domain, or a domain it is under, is on the list of disposable ones. */
export function isDisposable(address: string): boolean {
  let domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase()
  while (domain.includes('.')) {
    if (disposable.has(domain)) return true
    domain = domain.slice(domain.indexOf('.') + 1)
  }
  return false
}

const initial = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase()

/**
 * "A*** S." for Ana Souza, "A***" for Ana: the only form of a name the leaderboard keeps
 * (docs/product.md §13.4). Null when the name would not be used in a greeting either
 * (docs/product.md §4.4): a pitch or an address gets no initials on a public page.
 */
export function maskedName(typed: string): string | null {
  const name = greetingName(typed)
  if (name === undefined) return null
  const words = name.split(' ').filter((word) => /\p{L}/u.test(word))
  const [first, ...rest] = words
  if (first === undefined) return null
  const last = rest.at(-1)
  return last === undefined ? `${initial(first)}***` : `${initial(first)}*** ${initial(last)}.`
}
