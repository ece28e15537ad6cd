// The rules of a FAQ entry the editor checks before sending; the server checks them again.
import type { FaqDraft, FaqEntry } from './faq-console-api'

export type DraftProblem = 'required'

export function draftProblem(draft: FaqDraft): DraftProblem | null {
  return draft.question.trim() === '' || draft.answer.trim() === '' ? 'required' : null
}

/** The entries of one language in the order the FAQ page shows them. */
export function entriesOf(entries: readonly FaqEntry[], language: FaqDraft['language']): FaqEntry[] {
  return entries.filter((entry) => entry.language === language).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
}

/** A new entry goes after the last one of its language. */
export function nextSortOrder(entries: readonly FaqEntry[], language: FaqDraft['language']): number {
  return entriesOf(entries, language).reduce((max, entry) => Math.max(max, entry.sortOrder), 0) + 10
}
