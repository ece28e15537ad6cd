import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Eye } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { Panel } from '@/components/ui/panel'
import { useToast } from '@/components/ui/toast-context'
import type { Language } from '@/lib/constants'
import { cn } from '@/lib/cn'
import { useErrorText } from '@/lib/error-text'
import { faqKeys } from '../api/faq-api'
import { FaqAnswer } from '../components/faq-answer'
import {
  createFaqEntry,
  faqConsoleKeys,
  previewFaqAnswer,
  updateFaqEntry,
  type FaqDraft,
  type FaqEntry,
  type SanitizerPreview,
} from './faq-console-api'
import { draftProblem } from './faq-draft'

interface FaqEntryEditorProps {
  /** null: a new entry. */
  entry: FaqEntry | null
  language: Language
  defaultSortOrder: number
  onDone: () => void
}

/** One entry's form: question, HTML answer and order; Preview shows what the server's sanitizer keeps and drops. */
export function FaqEntryEditor({ entry, language, defaultSortOrder, onDone }: FaqEntryEditorProps) {
  const { t } = useTranslation('console')
  const errorText = useErrorText('console')
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const answerId = useId()
  const [question, setQuestion] = useState(entry?.question ?? '')
  const [answer, setAnswer] = useState(entry?.answer ?? '')
  const [sortOrder, setSortOrder] = useState(String(entry?.sortOrder ?? defaultSortOrder))
  const [missing, setMissing] = useState(false)
  const [preview, setPreview] = useState<{ html: string; result: SanitizerPreview } | null>(null)

  const draft = (): FaqDraft => ({
    language: entry?.language ?? language,
    question,
    answer,
    sortOrder: Number.parseInt(sortOrder, 10) || 0,
  })

  const previewing = useMutation({
    mutationFn: (html: string) => previewFaqAnswer(html),
    onSuccess: (result, html) => setPreview({ html, result }),
  })
  const saving = useMutation({
    mutationFn: (next: FaqDraft) => (entry ? updateFaqEntry(entry.id, next) : createFaqEntry(next)),
    onSuccess: async () => {
      toast({ tone: 'success', title: t('faq.saved') })
      onDone()
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: faqConsoleKeys.all }),
        queryClient.invalidateQueries({ queryKey: faqKeys.all }),
      ])
    },
  })

  const save = (event: FormEvent) => {
    event.preventDefault()
    const next = draft()
    const problem = draftProblem(next)
    setMissing(problem !== null)
    if (!problem) saving.mutate(next)
  }

  const failure = saving.error ?? previewing.error
  const stale = preview !== null && preview.html !== answer
  return (
    <Panel title={entry ? `${t('faq.edit')}: ${entry.question}` : t('faq.new')}>
      <form onSubmit={save} className="flex flex-col gap-4" noValidate>
        <TextField label={t('faq.question')} value={question} maxLength={500} onChange={(event) => setQuestion(event.target.value)} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={answerId} className="text-sm font-medium text-zinc-200">
            {t('faq.answer')}
          </label>
          <textarea
            id={answerId}
            rows={8}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            className="focus-ring w-full rounded-lg border border-white/10 bg-ink-900 px-3 py-2 font-mono text-sm text-zinc-100"
          />
        </div>
        <TextField
          className="max-w-40"
          label={t('faq.order')}
          inputMode="numeric"
          value={sortOrder}
          onChange={(event) => setSortOrder(event.target.value)}
        />
        {missing && <p className="text-sm text-danger-400">{t('faq.required')}</p>}
        {failure && (
          <p role="alert" className="text-sm text-danger-400">
            {errorText(failure)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving.isPending}>
            {t('faq.save')}
          </Button>
          <Button variant="secondary" disabled={previewing.isPending} onClick={() => previewing.mutate(answer)}>
            <Eye aria-hidden="true" />
            {t('faq.preview')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('faq.cancel')}
          </Button>
        </div>
      </form>
      {preview && (
        <section
          aria-label={t('faq.previewTitle')}
          data-testid="faq-preview"
          className={cn('mt-5 flex flex-col gap-4 border-t border-white/[0.07] pt-5', stale && 'opacity-60')}
        >
          <div>
            <h3 className="mb-2 text-sm font-semibold text-white">{t('faq.removedTitle')}</h3>
            {preview.result.removed.length === 0 ? (
              <p className="text-sm text-zinc-400">{t('faq.removedNone')}</p>
            ) : (
              <ul className="flex flex-wrap gap-2" data-testid="faq-removed">
                {preview.result.removed.map((item, index) => (
                  <li
                    key={`${item.kind}-${item.name}-${index}`}
                    className="rounded-md border border-danger-500/40 bg-danger-500/10 px-2 py-0.5 font-mono text-xs text-danger-300"
                  >
                    {item.kind === 'attribute'
                      ? t('faq.removedAttribute', { name: item.name })
                      : t('faq.removedElement', { name: item.name })}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-white">{t('faq.previewTitle')}</h3>
            <div className="rounded-lg border border-white/[0.07] bg-ink-900/60 p-4">
              <FaqAnswer html={preview.result.sanitized} />
            </div>
          </div>
        </section>
      )}
    </Panel>
  )
}
