import { cn } from '@/lib/cn'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-to-b from-brand-400 to-brand-600 text-ink-950 shadow-[0_6px_20px_-6px_rgb(255_154_31/0.55)] hover:from-brand-300 hover:to-brand-500',
  secondary: 'border border-white/10 bg-white/[0.04] text-zinc-100 hover:bg-white/[0.08] hover:border-white/20',
  ghost: 'text-zinc-300 hover:bg-white/[0.06] hover:text-white',
  danger: 'bg-danger-500/90 text-white hover:bg-danger-500',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-xs',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icon: 'size-10 rounded-lg',
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'focus-ring inline-flex shrink-0 cursor-pointer items-center justify-center font-semibold whitespace-nowrap transition-colors duration-150',
    'disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  )
}

/** The Dropdown trigger's classes, shared with its stand-in before the menu's code loads (DeferredMenuButton). */
export function dropdownTriggerClasses(className?: string) {
  return buttonClasses('secondary', 'md', cn('group', className))
}

/** The MultiSelect trigger's classes, shared with its stand-in (DeferredMenuButton). */
export function multiSelectTriggerClasses(className?: string) {
  return buttonClasses('secondary', 'md', cn('group justify-between', className))
}
