import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast-context'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable } from '@/components/console/data-table'
import { cn } from '@/lib/cn'
import type { Language } from '@/lib/constants'
import { useErrorText } from '@/lib/error-text'
import { logged } from '@/lib/logged'
import { faqKeys } from '../api/faq-api'
import { deleteFaqEntry, faqConsoleKeys, fetchFaqEntries, type FaqEntry } from './faq-console-api'
import { entriesOf, nextSortOrder } from './faq-draft'
import { FaqEntryEditor } from './faq-entry-editor'

const LANGUAGES: Language[] = ['zh', 'en']

type Editing = { kind: 'new' } | { kind: 'edit'; entry: FaqEntry } | null

/** /console/faq: the FAQ per language; answers are previewed through the server's sanitizer before saving. */
export function FaqEditorScreen() {
  const { t } = useTranslation('console')
  const [search, setSearch] = useSearchParams()
  const language: Language = search.get('lang') === 'en' ? 'en' : 'zh'
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<FaqEntry | null>(null)
  const query = useQuery({
    queryKey: faqConsoleKeys.all,
    queryFn: ({ signal }) => logged('Failed to fetch the FAQ', fetchFaqEntries(signal)),
  })
  const all = query.data ?? []
  const entries = entriesOf(all, language)

  const chooseLanguage = (next: Language) => {
    setEditing(null)
    setSearch((current) => {
      const out = new URLSearchParams(current)
      if (next === 'zh') out.delete('lang')
      else out.set('lang', next)
      return out
    })
  }

  return (
    <ConsolePage
      title={t('faq.title')}
      actions={
        <Button onClick={() => setEditing({ kind: 'new' })}>
          <Plus aria-hidden="true" />
          {t('faq.new')}
        </Button>
      }
    >
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('faq.language')}</legend>
        {LANGUAGES.map((lang) => (
          <button
            key={lang}
            type="button"
            aria-pressed={lang === language}
            onClick={() => chooseLanguage(lang)}
            className={cn(
              'focus-ring rounded-lg border px-3 py-1.5 text-sm',
              lang === language
                ? 'border-brand-500/50 bg-brand-500/15 font-semibold text-brand-300'
                : 'border-white/10 text-zinc-300 hover:bg-white/[0.06]',
            )}
          >
            {t(`faq.languages.${lang}`)}
          </button>
        ))}
      </fieldset>
      {editing && (
        <FaqEntryEditor
          key={editing.kind === 'edit' ? editing.entry.id : `new-${language}`}
          entry={editing.kind === 'edit' ? editing.entry : null}
          language={language}
          defaultSortOrder={nextSortOrder(all, language)}
          onDone={() => setEditing(null)}
        />
      )}
      <DataTable
        caption={`${t('faq.title')} (${t(`faq.languages.${language}`)})`}
        rows={entries}
        rowKey={(entry) => entry.id}
        loading={query.isLoading}
        error={query.error}
        errorNamespace="console"
        onRetry={() => void query.refetch()}
        columns={[
          { id: 'order', header: t('faq.order'), className: 'w-20', render: (entry) => entry.sortOrder },
          { id: 'question', header: t('faq.question'), render: (entry) => entry.question },
          {
            id: 'actions',
            header: t('faq.edit'),
            className: 'w-44',
            render: (entry) => (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`${t('faq.edit')}: ${entry.question}`}
                  onClick={() => setEditing({ kind: 'edit', entry })}
                >
                  {t('faq.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${t('faq.delete')}: ${entry.question}`}
                  onClick={() => setDeleting(entry)}
                >
                  {t('faq.delete')}
                </Button>
              </div>
            ),
          },
        ]}
      />
      <DeleteDialog entry={deleting} onClose={() => setDeleting(null)} />
    </ConsolePage>
  )
}

function DeleteDialog({ entry, onClose }: { entry: FaqEntry | null; onClose: () => void }) {
  const { t } = useTranslation('console')
  const errorText = useErrorText('console')
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: (id: number) => deleteFaqEntry(id),
    onSuccess: async () => {
      toast({ tone: 'success', title: t('faq.deleted') })
      onClose()
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: faqConsoleKeys.all }),
        queryClient.invalidateQueries({ queryKey: faqKeys.all }),
      ])
    },
  })
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset()
          onClose()
        }
      }}
      title={t('faq.deleteTitle')}
      description={entry?.question}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('faq.cancel')}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => entry && remove.mutate(entry.id)}>
            {t('faq.delete')}
          </Button>
        </>
      }
    >
      {remove.isError && (
        <p role="alert" className="text-sm text-danger-400">
          {errorText(remove.error)}
        </p>
      )}
    </Dialog>
  )
}
