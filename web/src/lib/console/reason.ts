// The reason every console change that grants, takes away, refunds or stops something carries into
// the audit record (docs/console.md: 1..200 characters). The server checks it too.
export const REASON_MAX_LENGTH = 200

export type ReasonProblem = 'reasonRequired' | 'reasonTooLong'

/** What is wrong with `reason` (trimmed), or null when it can be sent. */
export function reasonProblem(reason: string): ReasonProblem | null {
  const trimmed = reason.trim()
  if (trimmed.length === 0) return 'reasonRequired'
  // Counted in code points, as the server counts characters.
  if ([...trimmed].length > REASON_MAX_LENGTH) return 'reasonTooLong'
  return null
}
