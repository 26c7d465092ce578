import { picture } from '../picture'

export const freeTrialPicture = picture([
  [14, 16, 96, 12, 'heading'],
  ...[38, 52, 66, 80].map((y) => [14, y, 90, 6, 'text'] as const),
  [130, 14, 96, 92, 'card'],
  ...[26, 46, 66].map((y) => [140, y, 76, 12, 'text'] as const),
  [140, 86, 76, 12, 'accent'],
])
