import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

interface PanelProps {
  title?: string
  description?: string
  children: ReactNode
  className?: string
}

/** A titled surface that groups related content; titled panels are labelled regions. */
export function Panel({ title, description, children, className }: PanelProps) {
  const body = (
    <>
      {title && <h2 className="text-base font-bold text-white">{title}</h2>}
      {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
      <div className={cn(title || description ? 'mt-4' : undefined)}>{children}</div>
    </>
  )
  const classes = cn('rounded-2xl border border-white/[0.07] bg-ink-850/80 p-5 sm:p-6', className)
  return title ? (
    <section aria-label={title} className={classes}>
      {body}
    </section>
  ) : (
    <div className={classes}>{body}</div>
  )
}
