import { headingBoxes, picture } from '../picture'

export const platformPicture = picture([...headingBoxes, [14, 42, 104, 66, 'card'], [122, 42, 104, 66, 'night']])
