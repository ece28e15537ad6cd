import { cn } from '@/lib/cn'

/** A decorative spinner; pair it with visible or screen-reader text. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-6 animate-spin rounded-full border-2 border-white/15 border-t-brand-400',
        className,
      )}
    />
  )
}
