/** The site's crosshair mark (decorative). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="brand-mark-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffc978" />
          <stop offset="1" stopColor="#f07d0a" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#brand-mark-fill)" />
      <g fill="none" stroke="#06080c" strokeWidth="2.4" strokeLinecap="round">
        <circle cx="16" cy="16" r="7.5" />
        <path d="M16 4.5v6M16 21.5v6M4.5 16h6M21.5 16h6" />
      </g>
      <circle cx="16" cy="16" r="1.8" fill="#06080c" />
    </svg>
  )
}
