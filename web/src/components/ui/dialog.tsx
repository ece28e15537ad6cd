import { useState } from 'react'
import type { DialogProps } from './dialog-panel'
import { DeferredPart } from './deferred-part'
import { dialogPanel } from './lazy-parts'

/**
 * A modal dialog: focus moves in and is trapped, Escape and the close button close it. Radix's
 * dialog code loads when a dialog first opens (a page with dialogs does not carry it in its first
 * load); nothing renders before that, and from then on it stays mounted, closed, as before.
 */
export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open)
  if (props.open && !used) setUsed(true)
  return used ? <DeferredPart part={dialogPanel} props={props} /> : null
}
