// The content API's rows of the attack table (issue 14): each hostile query without the viewer
// token (refused at once: not the site's) and with it (runs, within the query bounds).
import type { Attack } from './attack.ts'
import {
  ATTACK_VIEWER_TOKEN,
  longPerspectiveBody,
  NESTED_COUNT_QUERY,
  NESTED_DEEPER_QUERY,
  NESTED_PARENTHESES_QUERY,
  sendQueryAttack,
  type QueryAttack,
} from '../../test/attacks/query-attacks.ts'

const PERSPECTIVE_BODY = longPerspectiveBody(255_000)
const CAPPED_PERSPECTIVE_BODY = longPerspectiveBody(30_000)
const PARENTHESES_BODY = JSON.stringify({ query: NESTED_PARENTHESES_QUERY })

const rows: { name: string; attack: QueryAttack }[] = [
  { name: 'query: nested count() (60 bytes of GROQ)', attack: { query: NESTED_COUNT_QUERY } },
  { name: 'query: one level deeper, no count()', attack: { query: NESTED_DEEPER_QUERY } },
  { name: 'query: 1 MB perspective list (255k names)', attack: { body: PERSPECTIVE_BODY } },
  { name: 'query: 120 KB perspective list (30k names, under the body cap)', attack: { body: CAPPED_PERSPECTIVE_BODY } },
  { name: 'query: 50,000 nested parentheses', attack: { body: PARENTHESES_BODY } },
]

async function statusOf(baseUrl: string, attack: QueryAttack, signal: AbortSignal): Promise<number> {
  try {
    const response = await sendQueryAttack(baseUrl, attack, signal)
    await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

export const attacks: Attack[] = rows.flatMap(({ name, attack }) => [
  { name, send: (baseUrl, _i, signal) => statusOf(baseUrl, attack, signal) },
  {
    name: `${name}, with the viewer token`,
    env: { SANITY_VIEWER_TOKEN: ATTACK_VIEWER_TOKEN },
    send: (baseUrl, _i, signal) => statusOf(baseUrl, { ...attack, token: ATTACK_VIEWER_TOKEN }, signal),
  },
])
