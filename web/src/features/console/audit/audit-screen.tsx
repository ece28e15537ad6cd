import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { useErrorText } from '@/lib/error-text'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable } from '@/components/console/data-table'
import { SearchForm } from '@/components/console/search-form'
import { listTableProps, useConsoleList } from '@/lib/console/use-console-list'
import { formatUnixTime, gmt8InputToUnix, unixToGmt8Input } from '@/lib/console/format'
import { AUDIT_FILTERS, AUDIT_PATH, auditEntrySchema, detailsText, downloadAuditCsv } from './audit-api'

type TextFilter = 'actor' | 'action' | 'target'
const TEXT_FILTERS: TextFilter[] = ['actor', 'action', 'target']

/** /console/audit: every change recorded, filtered by actor, action, target and time; CSV with the same filters. */
export function AuditScreen() {
  const { t } = useTranslation('console')
  const errorText = useErrorText('console')
  const list = useConsoleList({ path: AUDIT_PATH, item: auditEntrySchema, filterKeys: AUDIT_FILTERS, sort: 'at' })
  const [downloading, setDownloading] = useState(false)
  const [downloadError, setDownloadError] = useState<unknown>(null)

  const download = async () => {
    setDownloading(true)
    setDownloadError(null)
    try {
      await downloadAuditCsv(list.params.filters)
    } catch (error) {
      setDownloadError(error)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <ConsolePage
      title={t('audit.title')}
      actions={
        <div className="flex flex-col items-end gap-1">
          <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-describedby="audit-csv-hint">
            <Download aria-hidden="true" />
            {t('audit.download')}
          </Button>
          <p id="audit-csv-hint" className="text-xs text-zinc-500">
            {t('audit.downloadHint')}
          </p>
          {downloadError !== null && (
            <p role="alert" className="text-xs text-danger-400">
              {errorText(downloadError)}
            </p>
          )}
        </div>
      }
    >
      <AuditFilters
        key={JSON.stringify(list.params.filters)}
        filters={list.params.filters}
        onApply={(next) => list.setFilters(next)}
        onClear={list.clearFilters}
      />
      <DataTable
        caption={t('audit.title')}
        {...listTableProps(list)}
        rowKey={(entry) => entry.id}
        columns={[
          {
            id: 'at',
            header: t('audit.at'),
            sortKey: 'at',
            className: 'whitespace-nowrap',
            render: (entry) => formatUnixTime(entry.at),
          },
          { id: 'actor', header: t('audit.actor'), className: 'whitespace-nowrap', render: (entry) => <span className="font-mono text-xs">{entry.actor}</span> },
          { id: 'action', header: t('audit.action'), className: 'whitespace-nowrap', render: (entry) => <span className="font-mono text-xs">{entry.action}</span> },
          { id: 'target', header: t('audit.target'), className: 'whitespace-nowrap', render: (entry) => <span className="font-mono text-xs">{entry.target ?? '—'}</span> },
          {
            id: 'details',
            header: t('audit.details'),
            // Wide enough to read a reason; the table scrolls sideways on a phone rather than growing tall.
            className: 'min-w-72',
            render: (entry) => <span className="font-mono text-xs break-all text-zinc-400">{detailsText(entry.details)}</span>,
          },
        ]}
      />
    </ConsolePage>
  )
}

interface AuditFiltersProps {
  filters: Record<string, string>
  onApply: (filters: Record<string, string>) => void
  onClear: () => void
}

/** The filter form: applied on submit, times typed in GMT+8 and sent as unix seconds. */
function AuditFilters({ filters, onApply, onClear }: AuditFiltersProps) {
  const { t } = useTranslation('console')
  const [text, setText] = useState<Record<TextFilter, string>>({
    actor: filters.actor ?? '',
    action: filters.action ?? '',
    target: filters.target ?? '',
  })
  const [from, setFrom] = useState(unixToGmt8Input(filters.from ? Number(filters.from) : null))
  const [to, setTo] = useState(unixToGmt8Input(filters.to ? Number(filters.to) : null))

  const submit = () => {
    const next: Record<string, string> = {}
    for (const key of TEXT_FILTERS) if (text[key].trim()) next[key] = text[key].trim()
    const fromUnix = gmt8InputToUnix(from)
    const toUnix = gmt8InputToUnix(to)
    if (fromUnix !== null) next.from = String(fromUnix)
    if (toUnix !== null) next.to = String(toUnix)
    onApply(next)
  }

  return (
    <SearchForm onSearch={submit} onClear={onClear} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {TEXT_FILTERS.map((key) => (
        <TextField
          key={key}
          label={t(`audit.${key}`)}
          value={text[key]}
          maxLength={200}
          onChange={(event) => setText((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <TextField type="datetime-local" label={t('audit.from')} value={from} onChange={(event) => setFrom(event.target.value)} />
      <TextField type="datetime-local" label={t('audit.to')} value={to} onChange={(event) => setTo(event.target.value)} />
    </SearchForm>
  )
}
