import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Spinner } from './spinner'

interface LoadingOverlayProps {
  loading: boolean
  /** Announced to screen readers while loading. */
  label: string
  children: ReactNode
  className?: string
}

/** Blurs its content and marks the region busy while something loads. */
export function LoadingOverlay({ loading, label, children, className }: LoadingOverlayProps) {
  return (
    <div className={cn('relative', className)} aria-busy={loading}>
      <div
        className={cn('transition-[filter] duration-200', loading && 'pointer-events-none blur-sm select-none')}
        inert={loading}
      >
        {children}
      </div>
      {loading && (
        <output className="absolute inset-0 grid place-items-center bg-ink-950/30">
          <Spinner className="size-8" />
          <span className="sr-only">{label}</span>
        </output>
      )}
    </div>
  )
}
