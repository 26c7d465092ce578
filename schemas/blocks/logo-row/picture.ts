import { picture } from '../picture'

export const logoRowPicture = picture([
  [80, 36, 80, 6, 'text'],
  ...[16, 72, 128, 184].map((x) => [x, 56, 40, 16, 'heading'] as const),
])
