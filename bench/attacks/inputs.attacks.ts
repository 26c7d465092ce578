import type { Attack } from './attack.ts'
import { INPUT_ATTACKS, sendRaw } from '../../server/testing/input-attacks.ts'

export const attacks: Attack[] = INPUT_ATTACKS.map(({ name, request }) => ({
  name,
  send: (baseUrl, i, signal) =>
    sendRaw(baseUrl, request(i), signal).then(
      (response) => response.status,
      () => 0,
    ),
}))
