import { useQuery } from '@tanstack/react-query'
import type { Language } from '@/lib/constants'
import { logged } from '@/lib/logged'
import { faqKeys, fetchFaqs } from '../api/faq-api'
import type { Faq } from '../api/faq-schemas'

const NO_FAQS: Faq[] = []
const FAQ_STALE_MS = 5 * 60 * 1000

/**
 * The questions in the given language, fetched again when it changes. A failed fetch is only
 * logged and reads as an empty list (spec 001 §8).
 */
export function useFaqs(language: Language) {
  const query = useQuery({
    queryKey: faqKeys.list(language),
    queryFn: ({ signal }) => logged('Failed to fetch the FAQ', fetchFaqs(language, signal)),
    staleTime: FAQ_STALE_MS,
  })
  return { faqs: query.data ?? NO_FAQS, loading: query.isLoading }
}
