// Time played as shown in the player popup (spec 000 §2.7).

/** HH:MM:SS of a play time in seconds; --:--:-- when missing or zero. */
export function formatPlayTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '--:--:--'
  const total = Math.floor(seconds)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}
