// The command list call. The list is public (no token) and small (about 70 entries): it is fetched
// whole once and filtered in the browser.
import { apiClient } from '@/lib/api-client'
import type { ChatCommand } from '../model/commands'
import { commandListSchema } from './commands-schemas'

/** GET /api/commands: every command. */
export function fetchCommands(signal?: AbortSignal): Promise<ChatCommand[]> {
  return apiClient.get('/api/commands', { schema: commandListSchema, token: 'none', signal })
}

export const commandKeys = {
  all: ['commands'] as const,
}
