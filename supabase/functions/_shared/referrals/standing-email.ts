import { renderEmail, type EmailBlock, type RenderedEmail } from '../delivery/email-layout.ts'
import { fill } from '../delivery/mail-copy.ts'
import type { Locale } from '../welcome/welcome-email.ts'
import type { Milestone, StandingCopy } from './standing-copy.ts'
import type { Standing } from './standing.ts'

export interface StandingEmailInput {
  name: string
  locale: Locale
  copy: StandingCopy
  milestones: Milestone[]
  brandName: string
  standing: Standing
  /** The person's status page, their personal referral link, and the link that leaves the list. */
  links: { status: string; referral: string; remove: string }
}

/**
 * The place email (docs/product.md §13.1): sent when a person confirms and again when a friend of
 * theirs is credited, with their place in line as it stands when it is sent, their personal link,
 * how many friends it brought, the next milestone and a button to their status page.
 */
export function renderStandingEmail({
  name,
  locale,
  copy,
  milestones,
  brandName,
  standing,
  links,
}: StandingEmailInput): RenderedEmail {
  const say = (template: string, values: Record<string, string | number> = {}) =>
    fill(
      template,
      Object.fromEntries(Object.entries({ brand: brandName, ...values }).map(([key, value]) => [key, String(value)])),
    )
  const next = milestones.find((milestone) => milestone.friends > standing.credited)
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: say(copy.emailIntro) },
    ...(standing.place !== null
      ? [{ kind: 'paragraph' as const, text: say(copy.place, { place: standing.place, waiting: standing.waiting }) }]
      : []),
    { kind: 'paragraph', text: `${say(copy.linkLabel)}: ${links.referral}` },
    {
      kind: 'note',
      text:
        standing.placesPerReferral > 0 ? say(copy.linkIntro, { places: standing.placesPerReferral }) : say(copy.linkIntroNoMove),
    },
    { kind: 'paragraph', text: say(copy.credited, { credited: standing.credited }) },
    ...(next
      ? [{ kind: 'paragraph' as const, text: `${say(copy.nextMilestone, { friends: next.friends })} ${say(next.text)}` }]
      : []),
    { kind: 'button', label: say(copy.statusButton), href: links.status },
  ]
  return renderEmail({
    locale,
    brandName,
    // Without a place (invited meanwhile), the subject would show an empty {place}: the status button's words stand in.
    subject: standing.place !== null ? say(copy.subject, { place: standing.place }) : say(copy.statusButton),
    name,
    greeting: { withName: copy.greeting, withoutName: say(copy.greetingWithoutName) },
    blocks,
    signOff: say(copy.signOff),
    footer: say(copy.emailFooter),
    removal: { label: say(copy.removeLink), href: links.remove },
  })
}
