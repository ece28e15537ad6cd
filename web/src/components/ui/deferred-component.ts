// Code the first load leaves out (issue 17's budget): Radix's dialog, menu and toast pieces load
// when first needed. Unlike React.lazy, a part that has arrived renders at once, without a
// Suspense round, so opening a dialog the second time (or in a test that loaded it) is synchronous
// (DeferredPart renders one).
import type { ComponentType } from 'react'

export interface DeferredComponent<P> {
  get: () => ComponentType<P> | undefined
  load: () => Promise<ComponentType<P>>
}

/** A loader that remembers its result, so a later mount renders the part at once; a failure is retried. */
export function deferredComponent<P>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let component: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  return {
    get: () => component,
    load: () => {
      loading ??= load().then(
        (loaded) => (component = loaded),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
  }
}
