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

/**
 * A dialog whose code loads on first use: nothing until `props.open` is first true, then the dialog
 * (DeferredPart), mounted for good from then on, as Dialog itself does.
 */
export function DeferredDialog<P extends { open: boolean }>({ part, props }: { part: DeferredComponent<P>; props: P }) {
  const [used, setUsed] = useState(props.open)
  if (props.open && !used) setUsed(true)
  return used ? <DeferredPart part={part} props={props} /> : null
}
