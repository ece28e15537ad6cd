import { describe, expect, it } from 'vitest'
import { faqEntrySchema, type FaqEntry } from './faq-console-api'
import { draftProblem, entriesOf, nextSortOrder } from './faq-draft'

const entry = (id: number, language: 'zh' | 'en', sortOrder: number): FaqEntry => ({
  id,
  language,
  question: `q${id}`,
  answer: 'a',
  sortOrder,
  updatedAt: null,
})

describe('FAQ drafts', () => {
  it('need a question and an answer', () => {
    expect(draftProblem({ language: 'zh', question: ' ', answer: 'a', sortOrder: 0 })).toBe('required')
    expect(draftProblem({ language: 'zh', question: 'q', answer: '  ', sortOrder: 0 })).toBe('required')
    expect(draftProblem({ language: 'zh', question: 'q', answer: '<p>a</p>', sortOrder: 0 })).toBeNull()
  })

  it('list one language in order and put a new entry last', () => {
    const all = [entry(1, 'zh', 20), entry(2, 'en', 5), entry(3, 'zh', 10), entry(4, 'zh', 10)]
    expect(entriesOf(all, 'zh').map((e) => e.id)).toEqual([3, 4, 1])
    expect(nextSortOrder(all, 'zh')).toBe(30)
    expect(nextSortOrder([], 'en')).toBe(10)
  })

  it('read the language and order under either name', () => {
    expect(faqEntrySchema.parse({ id: 1, lang: 'en', question: 'q', answer: 'a', order: 3 })).toMatchObject({
      language: 'en',
      sortOrder: 3,
    })
    expect(faqEntrySchema.parse({ id: 1, language: 'zh', question: 'q', answer: 'a', sort_order: 4 })).toMatchObject({
      language: 'zh',
      sortOrder: 4,
    })
  })
})
