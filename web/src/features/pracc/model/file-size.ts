// Demo sizes in bytes, shown in the largest unit that keeps the number above 1.
import type { Language } from '@/lib/constants'
import { formatNumber } from '@/lib/format'

const UNITS = ['B', 'KB', 'MB', 'GB'] as const

export function formatFileSize(bytes: number, language: Language = 'en'): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 100) / 100
  return `${formatNumber(rounded, language)} ${UNITS[unit]}`
}
