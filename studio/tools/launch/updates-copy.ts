import type { Update } from './launch-api.ts'

/** A number of people as the tool writes it: 1 person, 1,234 people. */
const people = (total: number) => `${total.toLocaleString('en-US')} ${total === 1 ? 'person' : 'people'}`

/** The Updates tab's words (the tab's own label is in launch-copy.ts with the others). */
export const updatesCopy = {
  intro:
    'Write an update in the Studio (Updates), then choose who gets it here. Only confirmed people are ever mailed; people who left, were erased or whose inbox refused mail are never in the count. Each message goes behind welcomes and invitations, at the rate set for your provider (UPDATE_RATE).',
  document: 'Update',
  chooseDocument: 'Choose an update',
  documentOption: (subject: string, id: string) => `${subject} (${id})`,
  documentHint: 'A published Update, by its subject. Write one in the Studio (Updates) and publish it to send it.',
  noDocuments: 'No Update is published yet: write one in the Studio (Updates) and publish it.',
  languages: 'Languages',
  locales: { pt: 'Portuguese', en: 'English' } satisfies Record<'pt' | 'en', string>,
  states: 'States',
  stateNames: { waiting: 'Waiting', invited: 'Invited', activated: 'Activated' } satisfies Record<
    'waiting' | 'invited' | 'activated',
    string
  >,
  sources: 'Sources (comma-separated; empty: all)',
  campaigns: 'Campaigns (comma-separated; empty: all)',
  pages: 'Pages signed up on (none ticked: all; people whose page was not recorded are on none)',
  count: 'Count recipients',
  counted: (total: number, pt: number, en: number) =>
    `${people(total)} (${pt.toLocaleString('en-US')} in Portuguese, ${en.toLocaleString('en-US')} in English)`,
  preview: 'Preview',
  previewOf: (language: string) => `Preview in ${language}`,
  testTo: 'Your address',
  test: 'Send a test to me',
  tested: (to: string) => `A test in both languages went to ${to}.`,
  sendAt: 'Send at (YYYY-MM-DD HH:MM, your time; empty: now)',
  badTime: 'Write the send time as YYYY-MM-DD HH:MM, or leave it empty to send now.',
  send: (total: number) => `Send to ${people(total)}`,
  schedule: (total: number) => `Schedule for ${people(total)}`,
  sendTitle: (total: number) => `Send to ${people(total)}?`,
  scheduleTitle: (total: number, at: Date) =>
    `Schedule for ${people(total)} on ${at.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}?`,
  sendBody: (subject: string) =>
    `“${subject}” goes to each of them once, in their language, behind welcomes and invitations. It cannot be taken back; it can be paused.`,
  sendConfirm: 'Send',
  scheduleConfirm: 'Schedule',
  sent: (recipients: number) => `Frozen for ${people(recipients)}: it is on its way.`,
  repeated: 'This update was already sent: nothing was sent again.',
  countFirst: 'Count the recipients first: the update is sent to the people counted.',
  list: 'Updates sent',
  none: 'No update sent yet.',
  columns: {
    document: 'Document',
    state: 'State',
    sendAt: 'Sends at (UTC)',
    progress: 'Sent / queued / deferred / failed / bounced / removed',
    unconfirmed: 'Unconfirmed',
    actions: 'Actions',
  },
  stateOf: {
    scheduled: 'Scheduled',
    sending: 'Sending',
    paused: 'Paused',
    sent: 'Sent',
  } satisfies Record<Update['state'], string>,
  pause: 'Pause',
  resume: 'Resume',
  unconfirmedNote:
    'Unconfirmed: recorded as sent, but the mail server never confirmed it took them (the server was stopped while they went, or the connection dropped after the message). Each of these people may or may not have the update.',
  resend: (total: number) => `Send again to the ${total.toLocaleString('en-US')} unconfirmed`,
  resendTitle: (total: number) => `Send again to ${people(total)}?`,
  resendBody:
    'Some of them may already have it and will get it twice: nobody can tell which. The copy has the same Message-ID, so many mailboxes show it once. It goes at the update’s rate, and Pause holds it.',
  resendConfirm: 'Send again',
  resent: (total: number) =>
    total === 0 ? 'Nothing was unconfirmed any more: nothing was queued.' : `${people(total)} queued again.`,
}
