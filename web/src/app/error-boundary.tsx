import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  message: string
  children: ReactNode
}

/** An unhandled render error shows the default error screen instead of a blank page. */
export class AppErrorBoundary extends Component<Props, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled application error:', error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <main style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }}>
        <h1 style={{ fontSize: '1.5rem' }}>{this.props.message}</h1>
        <pre style={{ whiteSpace: 'pre-wrap', color: '#b91c1c' }}>{error.message}</pre>
      </main>
    )
  }
}
