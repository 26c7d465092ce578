import { useMemo } from 'react'
import styled from 'styled-components'
import { usePublicConfig } from '../config/public-config-context.tsx'
import { createSquareImageUrl } from '../content/image-url.ts'
import type { Photo } from '../content/section-copy.ts'

const SIZE = 56

/**
 * A round portrait cropped around the editor's hotspot, at 1x and 2x density, on the tint until it
 * loads: at 56 px a blurred preview is not worth its kilobyte in the first round trip's HTML.
 */
export function Avatar({ photo }: { photo: Photo }) {
  const config = usePublicConfig()
  const squareUrl = useMemo(() => createSquareImageUrl(config), [config])
  const at = (px: number) => squareUrl(photo.source, px)
  return (
    <Img
      src={at(SIZE)}
      srcSet={`${at(SIZE)} 1x, ${at(SIZE * 2)} 2x`}
      width={SIZE}
      height={SIZE}
      alt={photo.alt}
      loading="lazy"
      decoding="async"
    />
  )
}

const Img = styled.img`
  width: ${SIZE}px;
  height: ${SIZE}px;
  border-radius: 50%;
  object-fit: cover;
  background-color: ${({ theme }) => theme.color.surfaceTint};
`
