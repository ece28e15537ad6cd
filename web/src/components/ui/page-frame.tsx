import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

interface PageFrameProps {
  title: string
  description?: string
  icon?: LucideIcon
  /** Extra content on the right of the heading (actions). */
  actions?: ReactNode
  children?: ReactNode
}

/** The heading block every screen starts with; the page's one h1. */
export function PageFrame({ title, description, icon: Icon, actions, children }: PageFrameProps) {
  return (
    <section className="flex flex-col gap-6">
      <div className="relative overflow-hidden rounded-2xl border border-white/[0.07] bg-gradient-to-br from-ink-800/90 via-ink-850/90 to-ink-900/90 p-5 sm:p-7">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-brand-400/50 to-transparent"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-16 size-64 rounded-full bg-brand-500/10 blur-3xl"
        />
        <div className="relative flex flex-wrap items-center gap-4">
          {Icon && (
            <span className="grid size-12 shrink-0 place-items-center rounded-xl border border-brand-500/30 bg-brand-500/10 text-brand-400">
              <Icon className="size-6" aria-hidden="true" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl">{title}</h1>
            {description && <p className="mt-1 text-sm text-zinc-400 sm:text-base">{description}</p>}
          </div>
          {actions}
        </div>
      </div>
      {children}
    </section>
  )
}
