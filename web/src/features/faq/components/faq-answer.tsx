import { useMemo } from 'react'
import { cn } from '@/lib/cn'
import { sanitizeHtml } from '../model/sanitize-html'

/** Styles for the tags an answer may use (there is no typography plugin). */
const PROSE = cn(
  'text-sm leading-relaxed text-zinc-300 [&>*+*]:mt-3',
  '[&_a]:font-medium [&_a]:text-brand-400 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-300',
  '[&_strong]:font-semibold [&_strong]:text-zinc-100 [&_b]:font-semibold [&_b]:text-zinc-100',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li+li]:mt-1',
  '[&_code]:rounded [&_code]:bg-white/[0.06] [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.8125rem] [&_code]:text-zinc-100',
  '[&_h3]:font-semibold [&_h3]:text-zinc-100 [&_h4]:font-semibold [&_h4]:text-zinc-100',
  '[&_img]:max-w-full [&_img]:rounded-lg',
)

/** An answer's HTML, sanitised again before it reaches the DOM. */
export function FaqAnswer({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  // Sanitised just above with DOMPurify: scripts, handlers and javascript: URLs are gone.
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: clean }} />
}
