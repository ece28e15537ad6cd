import { cn } from '@/lib/cn'

/** One option of a segmented switch (time scope, mode). */
export function segmentClasses(selected: boolean, className?: string) {
  return cn(
    'focus-ring inline-flex h-9 cursor-pointer items-center justify-center rounded-lg px-3.5 text-sm font-semibold whitespace-nowrap transition-colors',
    selected ? 'bg-brand-500 text-ink-950 shadow' : 'text-zinc-300 hover:bg-white/[0.06] hover:text-white',
    className,
  )
}
