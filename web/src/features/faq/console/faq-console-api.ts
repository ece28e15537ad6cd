// The FAQ calls of the operator console (docs/console.md, Content): every entry in both languages,
// create, update, delete, and the sanitizer's preview of an answer.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'
import type { Language } from '@/lib/constants'

export const faqEntrySchema = z.pipe(
  z.object({
    id: z.number(),
    language: z.optional(z.string()),
    lang: z.optional(z.string()),
    question: z.catch(z.string(), ''),
    answer: z.catch(z.string(), ''),
    sort_order: z.optional(z.number()),
    order: z.optional(z.number()),
    updated_at: z.catch(z.nullish(z.number()), null),
  }),
  z.transform((raw) => ({
    id: raw.id,
    language: (raw.language ?? raw.lang) === 'en' ? ('en' as const) : ('zh' as const),
    question: raw.question,
    answer: raw.answer,
    sortOrder: raw.sort_order ?? raw.order ?? 0,
    updatedAt: raw.updated_at,
  })),
)
export type FaqEntry = z.infer<typeof faqEntrySchema>

/** GET /api/console/faq answers a list, or a list page: both are read. */
const faqEntriesSchema = z.union([z.array(faqEntrySchema), z.object({ items: z.array(faqEntrySchema) })])

export const previewSchema = z.object({
  sanitized: z.string(),
  removed: z.catch(z.array(z.object({ kind: z.string(), name: z.string() })), []),
})
export type SanitizerPreview = z.infer<typeof previewSchema>

export interface FaqDraft {
  language: Language
  question: string
  answer: string
  sortOrder: number
}

export const faqConsoleKeys = {
  all: ['console', 'faq'] as const,
}

const PATH = '/api/console/faq'

export async function fetchFaqEntries(signal?: AbortSignal): Promise<FaqEntry[]> {
  const answer = await apiClient.get(PATH, { schema: faqEntriesSchema, signal })
  return Array.isArray(answer) ? answer : answer.items
}

/** The body the server takes (unknown keys are refused). */
function body(draft: FaqDraft) {
  return { language: draft.language, question: draft.question.trim(), answer: draft.answer, sort_order: draft.sortOrder }
}

export function createFaqEntry(draft: FaqDraft): Promise<FaqEntry> {
  return apiClient.post(PATH, body(draft), { schema: faqEntrySchema })
}

export function updateFaqEntry(id: number, draft: FaqDraft): Promise<FaqEntry> {
  return apiClient.put(`${PATH}/${id}`, body(draft), { schema: faqEntrySchema })
}

export function deleteFaqEntry(id: number): Promise<unknown> {
  return apiClient.delete(`${PATH}/${id}`)
}

export function previewFaqAnswer(html: string, signal?: AbortSignal): Promise<SanitizerPreview> {
  return apiClient.post(`${PATH}/preview`, { html }, { schema: previewSchema, signal })
}
