// GET /api/server/announcement (spec 000 §2.3, §7): the first element's text is shown.
import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'
import { logged } from '@/lib/logged'

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

/**
 * The header's announcement query (the ticker's, and the entry's early request for it: main.tsx asks
 * before the shell renders, so the ticker shows the announcement from its first paint).
 */
export const announcementOptions = (lang: string) =>
  queryOptions({
    queryKey: announcementKey(lang),
    queryFn: ({ signal }) => logged('Failed to fetch announcement', fetchAnnouncement(lang, signal)),
    staleTime: 5 * 60_000,
    retry: false,
  })
