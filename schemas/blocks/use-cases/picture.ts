import { headingBoxes, picture } from '../picture'

export const useCasesPicture = picture([...headingBoxes, ...[14, 88, 162].map((x) => [x, 42, 64, 66, 'card'] as const)])
