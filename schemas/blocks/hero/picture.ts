import { picture } from '../picture'

export const heroPicture = picture([
  [0, 0, 240, 120, 'night'],
  [14, 22, 100, 12, 'card'],
  [14, 40, 90, 5, 'text'],
  [14, 58, 40, 12, 'accent'],
  [60, 58, 40, 12, 'text'],
  [130, 20, 46, 80, 'heading'],
  [182, 20, 46, 80, 'accent'],
])
