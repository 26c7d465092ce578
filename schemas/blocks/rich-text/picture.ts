import { picture } from '../picture'

export const richTextPicture = picture([
  [40, 12, 110, 10, 'heading'],
  ...[30, 38, 46].map((y) => [40, y, 160, 4, 'text'] as const),
  [40, 58, 70, 7, 'heading'],
  ...[72, 80, 88, 96].map((y) => [40, y, y === 96 ? 100 : 160, 4, 'text'] as const),
])
