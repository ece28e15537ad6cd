import { useEffect, useState } from 'react'
import type { DeferredComponent } from './deferred-component'

/**
 * Renders a part that loads on first use: nothing until its code has arrived (loading starts on
 * mount, so mount it when it is wanted), then the part with `props`; at once if it is loaded already.
 */
export function DeferredPart<P extends object>({ part, props }: { part: DeferredComponent<P>; props: P }) {
  const [Part, setPart] = useState(() => part.get())
  useEffect(() => {
    if (Part) return
    let current = true
    // A failed load shows nothing; the next mount tries again.
    part.load().then(
      (component) => current && setPart(() => component),
      () => {},
    )
    return () => {
      current = false
    }
  }, [part, Part])
  return Part ? <Part {...props} /> : null
}
