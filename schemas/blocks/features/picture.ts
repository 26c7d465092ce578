import { headingBoxes, picture } from '../picture'

export const featuresPicture = picture([
  ...headingBoxes,
  ...[14, 88, 162].flatMap((x) => [38, 78].map((y) => [x, y, 64, 32, 'card'] as const)),
])
