import { useMemo, type MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import { cn } from '@/lib/cn'
import { sanitizeHtml } from '../model/sanitize-html'

/** Styles for the tags an answer may use (there is no typography plugin). */
const PROSE = cn(
  'text-sm leading-relaxed text-zinc-300 [&>*+*]:mt-3',
  '[&_a[href]]:font-medium [&_a[href]]:text-brand-400 [&_a[href]]:underline [&_a[href]]:underline-offset-2 [&_a[href]:hover]:text-brand-300',
  '[&_strong]:font-semibold [&_strong]:text-zinc-100 [&_b]:font-semibold [&_b]:text-zinc-100',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li+li]:mt-1',
  '[&_code]:rounded [&_code]:bg-white/[0.06] [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.8125rem] [&_code]:text-zinc-100',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-white/[0.06] [&_pre]:bg-ink-950 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_h3]:font-semibold [&_h3]:text-zinc-100 [&_h4]:font-semibold [&_h4]:text-zinc-100',
  '[&_img]:max-w-full [&_img]:rounded-lg',
)

/** The portal path a plain click on the link should go to in-app, or null to let the browser follow it. */
function inAppPath(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null
  }
  const link = (event.target as Element).closest('a')
  if (!link?.href || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null
  const url = new URL(link.href)
  if (url.origin !== window.location.origin) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * An answer's HTML, sanitised again before it reaches the DOM. Links to the portal's own pages
 * navigate in the app instead of reloading it.
 */
export function FaqAnswer({ html }: { html: string }) {
  const navigate = useNavigate()
  const clean = useMemo(() => sanitizeHtml(html), [html])
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const path = inAppPath(event)
    if (path === null) return
    event.preventDefault()
    void navigate(path)
  }
  return (
    // The handler only routes activations of the links inside (Enter on a link fires click too).
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={PROSE} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
  )
}
