import { useQuery } from '@tanstack/react-query'
import { commandsOptions } from '../api/commands-api'
import type { ChatCommand } from '../model/commands'

const NO_COMMANDS: ChatCommand[] = []

/** Every command (fetched once and cached); a failure is logged and shows as an empty list. */
export function useCommands() {
  const query = useQuery(commandsOptions())
  return { commands: query.data ?? NO_COMMANDS, loading: query.isLoading, failed: query.isError }
}
