// GET|PUT /api/console/announcement (docs/console.md, Content): the header ticker's text per language.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'

export const ANNOUNCEMENT_LANGUAGES = ['zh', 'en'] as const
export type AnnouncementLanguage = (typeof ANNOUNCEMENT_LANGUAGES)[number]

/** The server's limit per language, in UTF-8 bytes (an empty text clears the language's announcement). */
export const MAX_ANNOUNCEMENT_BYTES = 2000

export const consoleAnnouncementSchema = z.object({
  zh: z.catch(z.nullish(z.string()), null),
  en: z.catch(z.nullish(z.string()), null),
})
export type ConsoleAnnouncement = Record<AnnouncementLanguage, string>

export const consoleAnnouncementKey = ['console', 'announcement'] as const

export async function fetchConsoleAnnouncement(signal?: AbortSignal): Promise<ConsoleAnnouncement> {
  const answer = await apiClient.get('/api/console/announcement', { schema: consoleAnnouncementSchema, signal })
  return { zh: answer.zh ?? '', en: answer.en ?? '' }
}

export async function saveConsoleAnnouncement(texts: ConsoleAnnouncement): Promise<ConsoleAnnouncement> {
  const answer = await apiClient.put('/api/console/announcement', texts, { schema: consoleAnnouncementSchema })
  return { zh: answer.zh ?? '', en: answer.en ?? '' }
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length
}

/** The texts as sent: trimmed, one line (the ticker shows one). */
export function normalizeAnnouncement(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim()
}
