import { cn } from '@/lib/cn'
import type { DotTone, StatusDot as Dot } from '../model/server-status'

const TONES: Record<DotTone, string> = {
  green: 'bg-emerald-400',
  blue: 'bg-sky-400',
  indigo: 'bg-indigo-400',
  red: 'bg-red-500',
  yellow: 'bg-amber-400',
}

/** The coloured status dot; a pulsing ring while the status is live. The label is the caller's text. */
export function StatusDot({ dot, label }: { dot: Dot; label: string }) {
  return (
    <span
      title={label}
      data-testid="status-dot"
      data-tone={dot.tone}
      data-pulse={dot.pulse}
      className="relative inline-flex size-2.5 shrink-0"
    >
      {dot.pulse && (
        <span
          aria-hidden="true"
          className={cn('absolute inset-0 animate-ping rounded-full opacity-60 motion-reduce:animate-none', TONES[dot.tone])}
        />
      )}
      <span aria-hidden="true" className={cn('relative inline-flex size-2.5 rounded-full', TONES[dot.tone])} />
      <span className="sr-only">{label}</span>
    </span>
  )
}
