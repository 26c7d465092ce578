import { headingBoxes, picture } from '../picture'

export const resultsPicture = picture([
  ...headingBoxes,
  ...[16, 72, 128, 184].flatMap((x) => [[x, 48, 40, 18, 'accent'] as const, [x, 72, 40, 5, 'text'] as const]),
])
