import { useId } from 'react'
import { cn } from '@/lib/cn'

/**
 * The inventory's background: warm and cool glows over a faint hexagon grid, with a scope reticle
 * and a few blade-like strokes. Pure CSS and inline SVG, no external assets. Decorative.
 */
export function InventoryBackdrop({ className }: { className?: string }) {
  const patternId = useId()
  const glowId = useId()
  return (
    <div
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute inset-0 overflow-hidden bg-ink-950',
        'bg-[radial-gradient(ellipse_80%_60%_at_20%_0%,rgb(255_154_31/0.22),transparent_60%),radial-gradient(ellipse_70%_60%_at_100%_100%,rgb(56_189_248/0.14),transparent_60%),linear-gradient(160deg,var(--color-ink-850),var(--color-ink-950))]',
        className,
      )}
    >
      <svg className="absolute inset-0 size-full" xmlns="http://www.w3.org/2000/svg">
        <defs>
          <pattern id={patternId} width="56" height="97" patternUnits="userSpaceOnUse" patternTransform="scale(0.9)">
            <path
              d="M28 0 L56 16.2 L56 48.5 L28 64.7 L0 48.5 L0 16.2 Z M28 64.7 L28 97 M0 48.5 L-28 64.7 M56 48.5 L84 64.7"
              fill="none"
              stroke="white"
              strokeOpacity="0.05"
              strokeWidth="1"
            />
          </pattern>
          <radialGradient id={glowId} cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor="#ffb347" stopOpacity="0.35" />
            <stop offset="100%" stopColor="#ffb347" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="100%" height="100%" fill={`url(#${patternId})`} />
      </svg>
      <svg
        className="absolute top-1/2 left-1/2 size-[min(70vw,34rem)] -translate-x-1/2 -translate-y-1/2 opacity-60"
        viewBox="0 0 200 200"
        xmlns="http://www.w3.org/2000/svg"
      >
        <circle cx="100" cy="100" r="96" fill={`url(#${glowId})`} />
        <g fill="none" stroke="#ffb347" strokeOpacity="0.25" strokeWidth="0.8">
          <circle cx="100" cy="100" r="70" />
          <circle cx="100" cy="100" r="46" strokeDasharray="4 6" />
          <path d="M100 10 V60 M100 140 V190 M10 100 H60 M140 100 H190" />
        </g>
        <g stroke="#ffc978" strokeOpacity="0.18" strokeWidth="1.2" strokeLinecap="round">
          <path d="M30 160 L78 112" />
          <path d="M122 88 L170 40" />
          <path d="M150 150 L176 124" />
        </g>
      </svg>
    </div>
  )
}
