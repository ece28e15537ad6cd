import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useState, type ComponentType, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { useToast } from '@/components/ui/toast-context'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable } from '@/components/console/data-table'
import { ANNOUNCEMENT_MAX_WIDTH_PX } from '@/lib/constants'
import { useErrorText } from '@/lib/error-text'
import { logged } from '@/lib/logged'
import {
  ANNOUNCEMENT_LANGUAGES,
  byteLength,
  consoleAnnouncementKey,
  fetchConsoleAnnouncement,
  MAX_ANNOUNCEMENT_BYTES,
  normalizeAnnouncement,
  saveConsoleAnnouncement,
  type ConsoleAnnouncement,
} from './announcement-api'

export interface AnnouncementScreenProps {
  /** The header's ticker, showing the text given (the shell's component, handed in by the console). */
  Preview: ComponentType<{ text: string; label?: string }>
  /** The public announcement's cached answers, refreshed after a save. */
  publicKeys: readonly QueryKey[]
}

/** /console/announcement: the ticker's text in zh and en, each with a live preview. */
export function AnnouncementScreen({ Preview, publicKeys }: AnnouncementScreenProps) {
  const { t } = useTranslation('console')
  const query = useQuery({
    queryKey: consoleAnnouncementKey,
    queryFn: ({ signal }) => logged('Failed to fetch the announcement', fetchConsoleAnnouncement(signal)),
  })
  return (
    <ConsolePage title={t('announcement.title')}>
      {query.data ? (
        <AnnouncementForm initial={query.data} Preview={Preview} publicKeys={publicKeys} />
      ) : (
        <DataTable
          caption={t('announcement.title')}
          columns={[]}
          rows={[]}
          rowKey={() => ''}
          loading={query.isLoading}
          error={query.error}
          errorNamespace="console"
          onRetry={() => void query.refetch()}
        />
      )}
    </ConsolePage>
  )
}

function AnnouncementForm({ initial, Preview, publicKeys }: AnnouncementScreenProps & { initial: ConsoleAnnouncement }) {
  const { t } = useTranslation('console')
  const errorText = useErrorText('console')
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const [texts, setTexts] = useState<ConsoleAnnouncement>(initial)
  const save = useMutation({
    mutationFn: () => saveConsoleAnnouncement({ zh: normalizeAnnouncement(texts.zh), en: normalizeAnnouncement(texts.en) }),
    onSuccess: async (saved) => {
      setTexts(saved)
      queryClient.setQueryData(consoleAnnouncementKey, saved)
      toast({ tone: 'success', title: t('announcement.saved') })
      await Promise.all(publicKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
  const tooLong = ANNOUNCEMENT_LANGUAGES.filter((lang) => byteLength(normalizeAnnouncement(texts[lang])) > MAX_ANNOUNCEMENT_BYTES)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (tooLong.length === 0) save.mutate()
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      {ANNOUNCEMENT_LANGUAGES.map((lang) => {
        const id = `announcement-${lang}`
        const over = tooLong.includes(lang)
        return (
          <Panel key={lang} title={t(`announcement.${lang}`)}>
            <div className="flex flex-col gap-3">
              <label htmlFor={id} className="sr-only">
                {t(`announcement.${lang}`)}
              </label>
              <textarea
                id={id}
                rows={2}
                value={texts[lang]}
                onChange={(event) => setTexts((current) => ({ ...current, [lang]: event.target.value }))}
                aria-invalid={over || undefined}
                aria-describedby={over ? `${id}-error` : undefined}
                className="focus-ring w-full rounded-lg border border-white/10 bg-ink-900 px-3 py-2 text-sm text-zinc-100"
              />
              {over && (
                <p id={`${id}-error`} className="text-xs text-danger-400">
                  {t('announcement.tooLong', { max: MAX_ANNOUNCEMENT_BYTES })}
                </p>
              )}
              <div style={{ maxWidth: ANNOUNCEMENT_MAX_WIDTH_PX }}>
                <Preview
                  text={normalizeAnnouncement(texts[lang])}
                  label={t(lang === 'zh' ? 'announcement.previewZh' : 'announcement.previewEn')}
                />
              </div>
            </div>
          </Panel>
        )
      })}
      {save.isError && (
        <p role="alert" className="text-sm text-danger-400">
          {errorText(save.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending || tooLong.length > 0}>
          {t('announcement.save')}
        </Button>
      </div>
    </form>
  )
}
