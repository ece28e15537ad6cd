import type { ReactNode } from 'react'

/** A console screen's heading and body: one h1 per screen, actions on the right. */
export function ConsolePage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-white">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  )
}

/** A small labelled figure of the dashboard. */
export function Figure({ label, value, tone }: { label: string; value: ReactNode; tone?: 'warn' }) {
  return (
    <div className="rounded-xl border border-white/[0.07] bg-ink-850/80 p-4">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className={tone === 'warn' ? 'mt-1 text-2xl font-bold text-danger-400' : 'mt-1 text-2xl font-bold text-white'}>
        {value}
      </dd>
    </div>
  )
}
