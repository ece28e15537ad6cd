// The in-game chat commands (spec 001 §3 "Command entry") and the search over them, which follows
// the server's rules for GET /api/commands?q=: the query is trimmed, at most 64 characters, and
// matches a case-insensitive substring of the command or of either description.
import type { Language } from '@/lib/constants'

export const COMMAND_TYPES = ['Match', 'Practice', 'Admin'] as const
export type CommandType = (typeof COMMAND_TYPES)[number]

export interface ChatCommand {
  id: number
  command: string
  description: { en: string; zh: string }
  isFrequent: boolean
  type: CommandType
}

/** The longest query the server accepts (longer ones it refuses). */
export const COMMAND_QUERY_MAX = 64

function fold(text: string): string {
  return text.toLowerCase()
}

/** Whether the command matches the (already trimmed, folded) query. */
function matches(command: ChatCommand, folded: string): boolean {
  return (
    fold(command.command).includes(folded) ||
    fold(command.description.en).includes(folded) ||
    fold(command.description.zh).includes(folded)
  )
}

/** The commands matching the query; an empty or blank query matches every command. */
export function searchCommands(commands: readonly ChatCommand[], query: string): ChatCommand[] {
  const folded = fold(query.trim().slice(0, COMMAND_QUERY_MAX))
  if (folded === '') return [...commands]
  return commands.filter((command) => matches(command, folded))
}

/** The commands by type, each keeping the catalogue order. */
export function groupByType(commands: readonly ChatCommand[]): Record<CommandType, ChatCommand[]> {
  const groups: Record<CommandType, ChatCommand[]> = { Match: [], Practice: [], Admin: [] }
  for (const command of commands) groups[command.type].push(command)
  return groups
}

/** The frequent commands, in catalogue order. */
export function frequentCommands(commands: readonly ChatCommand[]): ChatCommand[] {
  return commands.filter((command) => command.isFrequent)
}

/** The description in the UI language, the other one when it is missing. */
export function descriptionIn(command: ChatCommand, language: Language): string {
  const other: Language = language === 'zh' ? 'en' : 'zh'
  return command.description[language] || command.description[other]
}
