import { useQuery } from '@tanstack/react-query'
import type { Language } from '@/lib/constants'
import { faqsOptions } from '../api/faq-api'
import type { Faq } from '../api/faq-schemas'

const NO_FAQS: Faq[] = []

/**
 * The questions in the given language, fetched again when it changes. A failed fetch is only
 * logged and reads as an empty list (spec 001 §8).
 */
export function useFaqs(language: Language) {
  const query = useQuery(faqsOptions(language))
  return { faqs: query.data ?? NO_FAQS, loading: query.isLoading }
}
