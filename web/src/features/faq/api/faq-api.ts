// The FAQ call, through the one API client. The FAQ is public: no token is sent.
import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/api-client'
import type { Language } from '@/lib/constants'
import { logged } from '@/lib/logged'
import { faqListSchema, type Faq } from './faq-schemas'

/** GET /api/faqs?language=: the questions in one language. */
export function fetchFaqs(language: Language, signal?: AbortSignal): Promise<Faq[]> {
  return apiClient.get('/api/faqs', { query: { language }, schema: faqListSchema, token: 'none', signal })
}

export const faqKeys = {
  all: ['faq'] as const,
  list: (language: Language) => ['faq', language] as const,
}

const FAQ_STALE_MS = 5 * 60 * 1000

/** The questions in one language (the page's hook and the first load's early request). */
export function faqsOptions(language: Language) {
  return queryOptions({
    queryKey: faqKeys.list(language),
    queryFn: ({ signal }) => logged('Failed to fetch the FAQ', fetchFaqs(language, signal)),
    staleTime: FAQ_STALE_MS,
  })
}
