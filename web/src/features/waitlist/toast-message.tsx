import styled from 'styled-components'

export function ToastMessage({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <Title>{title}</Title>
      <p>{description}</p>
    </div>
  )
}

const Title = styled.p`
  font-weight: 700;
`
