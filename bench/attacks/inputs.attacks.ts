import type { Attack } from './attack.ts'
import { INPUT_ATTACKS, sendRaw } from '../../test/attacks/input-attacks.ts'

export const attacks: Attack[] = INPUT_ATTACKS.map(({ name, request }) => ({
  name,
  send: (baseUrl, i, signal) =>
    sendRaw(baseUrl, request(i), signal).then(
      (response) => response.status,
      () => 0,
    ),
}))
