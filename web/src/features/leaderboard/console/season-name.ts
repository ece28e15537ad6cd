// A season's name as the backend takes it (features/leaderboard/season.hpp: 1..32 code points after
// trimming).
export const SEASON_NAME_MAX = 32

/** The trimmed name, or null when it cannot be sent. */
export function seasonName(text: string): string | null {
  const trimmed = text.trim()
  const length = [...trimmed].length
  return length >= 1 && length <= SEASON_NAME_MAX ? trimmed : null
}
