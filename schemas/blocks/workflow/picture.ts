import { headingBoxes, picture } from '../picture'

export const workflowPicture = picture([
  ...headingBoxes,
  ...[20, 92, 164].flatMap((x) => [
    [x, 44, 14, 14, 'accent'] as const,
    [x, 64, 56, 6, 'heading'] as const,
    [x, 76, 56, 18, 'text'] as const,
  ]),
])
