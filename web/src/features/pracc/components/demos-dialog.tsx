import { useMutation } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { choiceClasses } from '@/components/payments/choice-classes'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useErrorText } from '@/lib/error-text'
import { useLanguage } from '@/lib/use-language'
import { fetchDemoDownloadUrl } from '../api/demos-api'
import { useDemos } from '../hooks/use-demos'
import { formatFileSize } from '../model/file-size'
import { DemoLinkDialog } from './demo-link-dialog'
import type { ServerDialogProps } from './server-dialog-props'

/** DEMO (spec 001 §2.4, §4): the recordings, newest first; pick one, prepare it, get its link. */
export function DemosDialog({ server, onClose }: ServerDialogProps) {
  const { t } = useTranslation(['pracc-servers', 'pracc'])
  const language = useLanguage()
  const errorText = useErrorText('pracc-servers')
  const { demos, loading, fetching, error, refresh } = useDemos(server.id)
  const [selected, setSelected] = useState<string | null>(null)
  const [link, setLink] = useState<{ file: string; url: string } | null>(null)
  const groupName = useId()
  const prepare = useMutation({
    mutationFn: (name: string) => fetchDemoDownloadUrl(server.id, name),
    onSuccess: (url, name) => setLink({ file: name, url }),
    onError: (failure) => console.warn('Download failed', failure),
  })
  const chosen = selected !== null && demos.some((demo) => demo.name === selected) ? selected : null

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('demos.title')}
      description={t('demos.description', { name: server.name })}
      size="md"
    >
      <div className="flex flex-col gap-4">
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => refresh()} disabled={fetching} aria-busy={fetching}>
            <RefreshCw aria-hidden="true" className={fetching ? 'animate-spin motion-reduce:animate-none' : undefined} />
            {t('demos.refresh')}
          </Button>
        </div>
        {loading ? (
          <output className="flex items-center gap-2 text-sm text-zinc-400">
            <Spinner className="size-4" />
            {t('demos.loading')}
          </output>
        ) : error && demos.length === 0 ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-300">
            {t('demos.fetchError')}
            <Button variant="secondary" size="sm" onClick={() => refresh(true)}>
              {t('pracc:myServers.retry')}
            </Button>
          </div>
        ) : demos.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('demos.empty')}</p>
        ) : (
          <fieldset className="flex max-h-[50dvh] flex-col gap-1.5 overflow-y-auto">
            <legend className="sr-only">{t('demos.listLabel')}</legend>
            {demos.map((demo) => (
              <label key={demo.name} className={choiceClasses(chosen === demo.name)}>
                <input
                  type="radio"
                  name={groupName}
                  value={demo.name}
                  checked={chosen === demo.name}
                  onChange={() => setSelected(demo.name)}
                  className="size-4 accent-brand-500"
                />
                <span className="min-w-0 flex-1 truncate font-mono text-xs">{demo.name}</span>
                <span className="shrink-0 text-xs text-zinc-400 tabular-nums">{formatFileSize(demo.size, language)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {prepare.isError && (
          <p role="alert" className="text-sm text-red-300">
            {t('demos.downloadError')}: {errorText(prepare.error)}
          </p>
        )}
        <div className="flex justify-end">
          <Button disabled={chosen === null || prepare.isPending} onClick={() => chosen && prepare.mutate(chosen)}>
            {prepare.isPending ? t('demos.preparing') : t('demos.prepare')}
          </Button>
        </div>
      </div>
      {link && <DemoLinkDialog file={link.file} url={link.url} onClose={() => setLink(null)} />}
    </Dialog>
  )
}
