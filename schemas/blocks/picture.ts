/**
 * The drawing of a section kind in the Studio's section picker (the page's array `insertMenu`, grid
 * view): a wireframe of its layout, so an editor sees what each kind looks like before adding it.
 * Drawn in code as SVG, a data address: nothing to host or to keep in step with a screenshot.
 */

/** A box of the wireframe on a 240 × 120 canvas: where, how big, and what it stands for. */
export type Box = readonly [x: number, y: number, width: number, height: number, tone: Tone]
type Tone = 'heading' | 'text' | 'accent' | 'card' | 'night'

const fills: Record<Tone, string> = {
  heading: '#1e1b4b',
  text: '#a5b4fc',
  accent: '#7c3aed',
  card: '#e0e7ff',
  night: '#312e81',
}

/** The picture of a section kind: its boxes over a white page. */
export function picture(boxes: readonly Box[]): string {
  const shapes = boxes
    .map(
      ([x, y, width, height, tone]) =>
        `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="3" fill="${fills[tone]}"/>`,
    )
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120"><rect width="240" height="120" fill="#fff"/>${shapes}</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/** A section's centred heading and intro, the top of most kinds. */
export const headingBoxes: readonly Box[] = [
  [70, 10, 100, 9, 'heading'],
  [55, 24, 130, 5, 'text'],
]
