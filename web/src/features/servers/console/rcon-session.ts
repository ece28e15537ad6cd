// The RCON console's session: every command sent and its answer, newest last, kept in memory only
// (a page reload starts afresh; the audit log keeps them), and shell-like recall with Up and Down.

export const RCON_COMMAND_MAX = 512

export interface RconEntry {
  id: number
  command: string
  /** undefined while the answer is on its way. */
  output?: string
  failed?: boolean
}

/** One line of 1..512 characters, trimmed; null when it cannot be sent. */
export function rconCommand(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed.length === 0 || /[\r\n]/.test(trimmed) || [...trimmed].length > RCON_COMMAND_MAX) return null
  return trimmed
}

/**
 * Where Up/Down recall lands: `position` counts back from the newest command (0 = the input being
 * typed, 1 = the last command sent). Returns the new position and the text to show.
 */
export function recall(
  commands: readonly string[],
  position: number,
  key: 'ArrowUp' | 'ArrowDown',
  draft: string,
): { position: number; text: string } {
  const next = key === 'ArrowUp' ? Math.min(position + 1, commands.length) : Math.max(position - 1, 0)
  return { position: next, text: next === 0 ? draft : commands[commands.length - next] }
}
