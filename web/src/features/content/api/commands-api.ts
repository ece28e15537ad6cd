// The command list call. The list is public (no token) and small (about 70 entries): it is fetched
// whole once and filtered in the browser.
import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/api-client'
import { logged } from '@/lib/logged'
import type { ChatCommand } from '../model/commands'
import { commandListSchema } from './commands-schemas'

/** GET /api/commands: every command. */
export function fetchCommands(signal?: AbortSignal): Promise<ChatCommand[]> {
  return apiClient.get('/api/commands', { schema: commandListSchema, token: 'none', signal })
}

export const commandKeys = {
  all: ['commands'] as const,
}

/** The catalogue changes with releases, not during a visit: fetched once, kept for the session. */
const COMMANDS_STALE_MS = 60 * 60 * 1000

/** Every command (the page's hook and the first load's early request, app/routing/first-data.ts). */
export function commandsOptions() {
  return queryOptions({
    queryKey: commandKeys.all,
    queryFn: ({ signal }) => logged('Failed to fetch the command list', fetchCommands(signal)),
    staleTime: COMMANDS_STALE_MS,
    gcTime: Infinity,
  })
}
