// The FAQ call, through the one API client. The FAQ is public: no token is sent.
import { apiClient } from '@/lib/api-client'
import type { Language } from '@/lib/constants'
import { faqListSchema, type Faq } from './faq-schemas'

/** GET /api/faqs?language=: the questions in one language. */
export function fetchFaqs(language: Language, signal?: AbortSignal): Promise<Faq[]> {
  return apiClient.get('/api/faqs', { query: { language }, schema: faqListSchema, token: 'none', signal })
}

export const faqKeys = {
  all: ['faq'] as const,
  list: (language: Language) => ['faq', language] as const,
}
