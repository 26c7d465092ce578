import { use, type ComponentType } from 'react'

/** A component loaded only where a page draws it (a section kind, the not-found page), fetched the first time it draws. */
export type LazyComponent<Props> = ComponentType<Props> & {
  /** Fetches it now: the server, before its first render, so that it renders at once there. */
  preload(): Promise<unknown>
}

/**
 * A component in a chunk of its own (docs/decisions/0076-section-kinds-loaded-where-used.md): the
 * home page's script has none of it. Until its chunk has come, drawing it suspends, and while the page
 * hydrates React keeps the server's markup of it meanwhile, so it shows at once and nothing shifts.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<unknown> | undefined
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default
    }))
  function Lazy(props: Props) {
    if (!loaded) use(preload())
    const Loaded = loaded as ComponentType<Props>
    return <Loaded {...props} />
  }
  return Object.assign(Lazy, { preload })
}
