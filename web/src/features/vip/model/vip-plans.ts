// The VIP plans the portal sells: the durations (hours) its price table lists, shortest first
// (demo: 720 = 30 days, 2160 = 90 days, 8760 = 1 year).

/** Preselected: one month (spec 001 §9, default duration 1m). */
export const VIP_DEFAULT_HOURS = 720

export function vipPlans(items: readonly { duration: number; relocatable: boolean }[]): number[] {
  const hours = items.filter((item) => !item.relocatable && item.duration > 0).map((item) => item.duration)
  return [...new Set(hours)].sort((a, b) => a - b)
}
