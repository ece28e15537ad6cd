// GET /api/server/announcement (spec 000 §2.3, §7): the first element's text is shown.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'

const announcementSchema = z.array(
  z.object({
    text: z.catch(z.string(), ''),
    lang: z.catch(z.optional(z.string()), undefined),
    updatedAt: z.catch(z.optional(z.string()), undefined),
  }),
)

/** The announcement text in `lang`; null when the answer is empty or blank. */
export async function fetchAnnouncement(lang: string, signal?: AbortSignal): Promise<string | null> {
  const items = await apiClient.get('/api/server/announcement', {
    query: { lang },
    schema: announcementSchema,
    token: 'none',
    signal,
  })
  const text = items[0]?.text.trim() ?? ''
  return text === '' ? null : text
}

export const announcementKey = (lang: string) => ['announcement', lang] as const
