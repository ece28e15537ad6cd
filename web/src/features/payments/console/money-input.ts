// Money in the console: typed in major units with at most two decimals ("12.5", "12.50"), sent and
// stored as integer minor units (fen, cents; DESIGN §4). Parsed from the text, never through a float
// multiplication, so 19.99 is 1999 and not 1998.9999.
const MAJOR_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/

/** "12.5" -> 1250; null for an empty, negative, zero or over-precise amount. */
export function parseMajorAmount(text: string): number | null {
  const match = MAJOR_AMOUNT.exec(text.trim())
  if (!match) return null
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return minor > 0 ? minor : null
}

/** 1250 -> "12.50", the value an edit form starts with. */
export function minorToMajorInput(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(amountMinor))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
