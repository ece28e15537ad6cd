import { useQuery } from '@tanstack/react-query'
import { logged } from '@/lib/logged'
import { commandKeys, fetchCommands } from '../api/commands-api'
import type { ChatCommand } from '../model/commands'

const NO_COMMANDS: ChatCommand[] = []
/** The catalogue changes with releases, not during a visit: fetched once, kept for the session. */
const COMMANDS_STALE_MS = 60 * 60 * 1000

/** Every command (fetched once and cached); a failure is logged and shows as an empty list. */
export function useCommands() {
  const query = useQuery({
    queryKey: commandKeys.all,
    queryFn: ({ signal }) => logged('Failed to fetch the command list', fetchCommands(signal)),
    staleTime: COMMANDS_STALE_MS,
    gcTime: Infinity,
  })
  return { commands: query.data ?? NO_COMMANDS, loading: query.isLoading, failed: query.isError }
}
