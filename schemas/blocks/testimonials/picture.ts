import { headingBoxes, picture } from '../picture'

export const testimonialsPicture = picture([
  ...headingBoxes,
  ...[14, 88, 162].flatMap((x) => [[x, 42, 64, 48, 'card'] as const, [x + 4, 94, 14, 14, 'accent'] as const]),
])
