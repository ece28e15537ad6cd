// Durations are hours (spec 001 §3: 720 = 1 month, 8760 = 1 year); shown in the largest whole unit.

export type DurationUnit = 'years' | 'days' | 'hours'

export function durationParts(hours: number): { unit: DurationUnit; count: number } {
  if (hours > 0 && hours % 8760 === 0) return { unit: 'years', count: hours / 8760 }
  if (hours > 0 && hours % 24 === 0) return { unit: 'days', count: hours / 24 }
  return { unit: 'hours', count: hours }
}
