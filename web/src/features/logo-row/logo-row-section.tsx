import { useMemo } from 'react'
import type { SanityImageSource } from '@sanity/image-url'
import styled from 'styled-components'
import type { SectionProps } from '../../shared/components/section-props.ts'
import { sectionRenderer } from '../../shared/components/section-renderer.tsx'
import { Inner } from '../../shared/components/section.tsx'
import { usePublicConfig } from '../../shared/config/public-config-context.tsx'
import { createImageUrl } from '../../shared/content/image-url.ts'
import { resolveLogoRow } from './logo-row-copy.ts'

/** Logos are drawn this tall, their width in proportion (at most 160 px wide). */
const HEIGHT = 40

/** A row of those who trust the product: their logos, or their names in letters where there is none. */
function LogoRow({ id, copy }: SectionProps<typeof resolveLogoRow>) {
  const config = usePublicConfig()
  // At a height, the width in proportion, never enlarged, in modern formats.
  const imageUrl = useMemo(() => {
    const url = createImageUrl(config)
    return (source: SanityImageSource, height: number) => url(source, (image) => image.height(height).fit('max').auto('format'))
  }, [config])
  if (copy.logos.length === 0) return null
  return (
    <Band id={id} aria-labelledby={`${id}-title`}>
      <Inner>
        <Title id={`${id}-title`}>{copy.title}</Title>
        <Row>
          {copy.logos.map(({ key, name, image }) => (
            <li key={key}>
              {image ? (
                <img
                  src={imageUrl(image.source, HEIGHT)}
                  srcSet={`${imageUrl(image.source, HEIGHT)} 1x, ${imageUrl(image.source, HEIGHT * 2)} 2x`}
                  alt={name}
                  height={HEIGHT}
                  width={Math.round((image.width / image.height) * HEIGHT)}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <Name>{name}</Name>
              )}
            </li>
          ))}
        </Row>
      </Inner>
    </Band>
  )
}

export default sectionRenderer(LogoRow, resolveLogoRow)

// Named: a chunk loaded later must make the class names the server made, whatever it loaded before.
const Band = styled.section.withConfig({ componentId: 'logo-row' })`
  padding-block: ${({ theme }) => theme.space.xxl};
  border-block: 1px solid ${({ theme }) => theme.color.border};
`

const Title = styled.h2.withConfig({ componentId: 'logo-row-title' })`
  text-align: center;
  font-size: ${({ theme }) => theme.text.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.inkMuted};
`

const Row = styled.ul.withConfig({ componentId: 'logo-row-list' })`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xxl};
  margin-top: ${({ theme }) => theme.space.lg};
  img {
    display: block;
    max-width: 160px;
    height: ${HEIGHT}px;
    width: auto;
    object-fit: contain;
  }
`

const Name = styled.span.withConfig({ componentId: 'logo-row-name' })`
  display: block;
  line-height: ${HEIGHT}px;
  font-size: ${({ theme }) => theme.text.lg};
  font-weight: 800;
  letter-spacing: -0.02em;
  color: ${({ theme }) => theme.color.inkMuted};
`
