import type { Update } from './launch-api.ts'

/** The Updates tab's words (the tab's own label is in launch-copy.ts with the others). */
export const updatesCopy = {
  intro:
    'Write an update in the Studio (Updates), then choose who gets it here. Only confirmed people are ever mailed; people who left, were erased or whose inbox refused mail are never in the count. Each message goes behind welcomes and invitations, at the rate set for your provider (UPDATE_RATE).',
  document: 'Update document id',
  documentHint: 'The id of a published Update, as the Studio’s address shows it (update-beta-opens).',
  languages: 'Languages',
  locales: { pt: 'Portuguese', en: 'English' } satisfies Record<'pt' | 'en', string>,
  states: 'States',
  stateNames: { waiting: 'Waiting', invited: 'Invited', activated: 'Activated' } satisfies Record<
    'waiting' | 'invited' | 'activated',
    string
  >,
  sources: 'Sources (comma-separated; empty: all)',
  campaigns: 'Campaigns (comma-separated; empty: all)',
  count: 'Count recipients',
  counted: (total: number, pt: number, en: number) =>
    `${total} ${total === 1 ? 'person' : 'people'} (${pt} in Portuguese, ${en} in English)`,
  preview: 'Preview',
  previewOf: (language: string) => `Preview in ${language}`,
  testTo: 'Your address',
  test: 'Send a test to me',
  tested: (to: string) => `A test in both languages went to ${to}.`,
  sendAt: 'Send at (YYYY-MM-DD HH:MM, your time; empty: now)',
  badTime: 'Write the send time as YYYY-MM-DD HH:MM, or leave it empty to send now.',
  send: (total: number) => `Send to ${total} ${total === 1 ? 'person' : 'people'}`,
  sent: (recipients: number) => `Frozen for ${recipients} ${recipients === 1 ? 'person' : 'people'}: it is on its way.`,
  countFirst: 'Count the recipients first: the update is sent to the people counted.',
  list: 'Updates sent',
  none: 'No update sent yet.',
  columns: {
    document: 'Document',
    state: 'State',
    sendAt: 'Sends at (UTC)',
    progress: 'Sent / queued / deferred / failed / bounced / removed',
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
}
