import { picture } from '../picture'

export const ctaPicture = picture([
  [0, 20, 240, 80, 'night'],
  [50, 38, 140, 10, 'card'],
  [70, 54, 100, 5, 'text'],
  [95, 68, 50, 14, 'accent'],
])
