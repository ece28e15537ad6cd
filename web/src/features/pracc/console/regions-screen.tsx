import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Switch } from '@/components/ui/switch'
import { useToast } from '@/components/ui/toast-context'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable, type DataColumn } from '@/components/console/data-table'
import { useErrorText } from '@/lib/error-text'
import { logged } from '@/lib/logged'
import { fetchRegions, regionKeys, saveRegion, type ConsoleRegion } from './rentals-api'

/** /console/regions: which rental regions take new servers, and which are recommended (starred). */
export function RegionsScreen() {
  const { t } = useTranslation(['console-ops', 'pracc-servers'])
  const errorText = useErrorText('console-ops')
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const query = useQuery({
    queryKey: regionKeys.all,
    queryFn: ({ signal }) => logged('Failed to fetch the regions', fetchRegions(signal)),
  })
  const regionName = (code: string) => t(`pracc-servers:regions.${code}` as 'pracc-servers:regions.ap-beijing', { defaultValue: code })
  const mutation = useMutation({
    mutationFn: saveRegion,
    onSuccess: (_, region) => toast({ title: t('console-ops:regions.saved', { region: regionName(region.code) }), tone: 'success' }),
    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: regionKeys.all }),
  })
  const busy = (code: string) => mutation.isPending && mutation.variables?.code === code

  const columns: DataColumn<ConsoleRegion>[] = [
    { id: 'region', header: t('console-ops:regions.region'), render: (region) => regionName(region.code) },
    { id: 'code', header: t('console-ops:regions.code'), className: 'font-mono text-xs', render: (region) => region.code },
    {
      id: 'active',
      header: t('console-ops:regions.activeServers'),
      className: 'tabular-nums',
      render: (region) => (region.activeServers === null ? '—' : region.activeServers),
    },
    {
      id: 'available',
      header: t('console-ops:regions.available'),
      render: (region) => (
        <Switch
          label={t('console-ops:regions.availableLabel', { region: regionName(region.code) })}
          className="[&_label]:sr-only"
          checked={region.available}
          disabled={busy(region.code)}
          onCheckedChange={(available) => mutation.mutate({ ...region, available })}
        />
      ),
    },
    {
      id: 'recommended',
      header: t('console-ops:regions.recommended'),
      render: (region) => (
        <Switch
          label={t('console-ops:regions.recommendedLabel', { region: regionName(region.code) })}
          className="[&_label]:sr-only"
          checked={region.recommended}
          disabled={busy(region.code)}
          onCheckedChange={(recommended) => mutation.mutate({ ...region, recommended })}
        />
      ),
    },
  ]

  return (
    <ConsolePage title={t('console-ops:regions.title')}>
      <p className="text-sm text-zinc-400">{t('console-ops:regions.hint')}</p>
      <DataTable
        caption={t('console-ops:regions.title')}
        columns={columns}
        rows={query.data ?? []}
        rowKey={(region) => region.code}
        loading={query.isLoading}
        error={query.error}
        errorNamespace="console-ops"
        onRetry={() => void query.refetch()}
      />
    </ConsolePage>
  )
}
