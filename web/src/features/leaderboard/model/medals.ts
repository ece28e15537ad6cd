// Gold, silver and bronze for the first three places.

export const MEDALS = ['gold', 'silver', 'bronze'] as const
export type MedalKind = (typeof MEDALS)[number]

export function medalFor(position: number): MedalKind | null {
  return MEDALS[position - 1] ?? null
}

export function hasMedal(position: number): boolean {
  return medalFor(position) !== null
}
