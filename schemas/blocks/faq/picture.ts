import { headingBoxes, picture } from '../picture'

export const faqPicture = picture([
  ...headingBoxes,
  ...[40, 58, 76, 94].flatMap((y) => [[30, y, 180, 14, 'card'] as const, [196, y + 4, 8, 6, 'accent'] as const]),
])
