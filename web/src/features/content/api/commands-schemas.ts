// Shape of GET /api/commands (the API contract): the whole catalogue, sorted by type and then the
// catalogue's order.
import * as z from 'zod/mini'
import { COMMAND_TYPES } from '../model/commands'

export const commandSchema = z.object({
  id: z.number(),
  command: z.string(),
  description: z.object({ en: z.catch(z.string(), ''), zh: z.catch(z.string(), '') }),
  isFrequent: z.catch(z.boolean(), false),
  type: z.enum(COMMAND_TYPES),
})

export const commandListSchema = z.array(commandSchema)
