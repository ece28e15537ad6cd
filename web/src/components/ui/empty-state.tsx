import type { LucideIcon } from 'lucide-react'

interface EmptyStateProps {
  icon: LucideIcon
  title: string
  body?: string
}

export function EmptyState({ icon: Icon, title, body }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-white/10 bg-ink-900/40 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-white/[0.04] text-zinc-500">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-zinc-200">{title}</p>
      {body && <p className="max-w-md text-sm text-zinc-500">{body}</p>}
    </div>
  )
}
