import { cn } from '@/lib/cn'

/** A radio choice drawn as a card (plans, methods). */
export const choiceClasses = (checked: boolean, disabled = false) =>
  cn(
    'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2 text-sm transition-colors',
    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400',
    checked ? 'border-brand-500/60 bg-brand-500/10 text-white' : 'border-white/10 bg-white/[0.03] text-zinc-200',
    disabled ? 'cursor-not-allowed opacity-50' : checked ? '' : 'hover:border-white/20 hover:bg-white/[0.06]',
  )
