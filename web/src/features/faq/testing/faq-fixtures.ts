// A fake FAQ endpoint for the page tests: questions per language, every request recorded.
import { http, HttpResponse } from 'msw'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'

export function faqJson(id: number, question: string, answer: string, updatedAt = '2026-11-21T08:00:00Z') {
  return { id, question, answer, updatedAt }
}

export const FAQS = {
  zh: [
    faqJson(1, '如何加入服务器？', '<p>在服务器列表中点击<strong>加入</strong>。</p>'),
    faqJson(2, '如何购买 VIP？', '<p>前往 <a href="https://store.example.com/vip" target="_blank">VIP 商店</a>。</p>'),
  ],
  en: [
    faqJson(1, 'How do I join a server?', '<p>Press <strong>Join</strong> in the server list.</p>'),
    faqJson(2, 'How do I buy VIP?', '<p>Visit the <a href="https://store.example.com/vip" target="_blank">VIP store</a>.</p>'),
  ],
}

interface FaqOptions {
  /** Per language: the list, or 'error' for a 500. */
  answers?: Partial<Record<string, unknown[] | 'error'>>
}

export function serveFaqs({ answers = FAQS }: FaqOptions = {}) {
  const languages: (string | null)[] = []
  server.use(
    http.get('/api/faqs', ({ request }) => {
      const language = new URL(request.url).searchParams.get('language')
      languages.push(language)
      const answer = answers[language ?? 'zh'] ?? []
      return answer === 'error' ? apiError(500, 'INTERNAL_ERROR') : HttpResponse.json(answer)
    }),
  )
  return { languages }
}
