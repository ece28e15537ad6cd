import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { Switch } from '@/components/ui/switch'
import { useToast } from '@/components/ui/toast-context'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable, type DataColumn } from '@/components/console/data-table'
import { useErrorText } from '@/lib/error-text'
import { logged } from '@/lib/logged'
import { PlainConfirmDialog } from './plain-confirm-dialog'
import { PluginKeyDialog } from './plugin-key-dialog'
import { RconConsoleDialog } from './rcon-console-dialog'
import { ServerEditorDialog } from './server-editor-dialog'
import { fetchServers, hasPluginKey, matchingServers, serverCalls, serverKeys, type ConsoleServer } from './servers-api'

type Open =
  | { kind: 'edit'; server: ConsoleServer | 'new' }
  | { kind: 'key' | 'revoke' | 'remove' | 'rcon'; server: ConsoleServer }
  | null

/** /console/servers: the community servers; add, edit, enable, remove, plugin keys and an RCON console. */
export function ServersScreen() {
  const { t } = useTranslation('console-ops')
  const errorText = useErrorText('console-ops')
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const query = useQuery({
    queryKey: serverKeys.all,
    queryFn: ({ signal }) => logged('Failed to fetch the community servers', fetchServers(signal)),
  })
  const [q, setQ] = useState('')
  const [shownQ, setShownQ] = useState('')
  const [open, setOpen] = useState<Open>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: serverKeys.all })

  const setEnabled = async (server: ConsoleServer, enabled: boolean) => {
    try {
      await serverCalls.setEnabled(server.id, enabled)
      toast({ title: t(enabled ? 'servers.enabledDone' : 'servers.disabledDone'), tone: 'success' })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    }
    await refresh()
  }

  const columns: DataColumn<ConsoleServer>[] = [
    {
      id: 'name',
      header: t('servers.name'),
      render: (server) => (
        <span className="flex flex-col">
          <span className="font-medium text-zinc-100">{server.name}</span>
          {server.name_display && server.name_display !== server.name && (
            <span className="text-xs text-zinc-500">{server.name_display}</span>
          )}
        </span>
      ),
    },
    { id: 'address', header: t('servers.address'), className: 'font-mono text-xs', render: (s) => `${s.ip}:${s.port}` },
    { id: 'category', header: t('servers.category'), render: (s) => s.category },
    { id: 'region', header: t('servers.region'), className: 'text-xs', render: (s) => s.region },
    {
      id: 'enabled',
      header: t('servers.enabled'),
      render: (server) => (
        <Switch
          label={t(server.enabled ? 'servers.disable' : 'servers.enable', { name: server.name })}
          className="[&_label]:sr-only"
          checked={server.enabled}
          onCheckedChange={(enabled) => void setEnabled(server, enabled)}
        />
      ),
    },
    {
      id: 'key',
      header: t('servers.pluginKey'),
      render: (server) => (
        <span className="flex flex-col text-xs">
          <span>{hasPluginKey(server) ? t('servers.hasKey') : t('servers.noKey')}</span>
          {hasPluginKey(server) && <span className="text-zinc-500">{server.key_scopes.join(', ')}</span>}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('common.actions'),
      render: (server) => (
        <div className="flex flex-wrap gap-1.5">
          <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'edit', server })}>
            {t('common.edit')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'rcon', server })}>
            {t('servers.rcon')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'key', server })}>
            {t('servers.issueKey')}
          </Button>
          {hasPluginKey(server) && (
            <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'revoke', server })}>
              {t('servers.revokeKey')}
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={() => setOpen({ kind: 'remove', server })}>
            {t('servers.remove')}
          </Button>
        </div>
      ),
    },
  ]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setShownQ(q)
  }

  return (
    <ConsolePage
      title={t('servers.title')}
      actions={
        <Button onClick={() => setOpen({ kind: 'edit', server: 'new' })}>
          <Plus aria-hidden="true" />
          {t('servers.new')}
        </Button>
      }
    >
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <TextField
            className="min-w-56 flex-1"
            type="search"
            label={t('servers.searchLabel')}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <Button type="submit">{t('common.search')}</Button>
        </form>
      </search>
      <DataTable
        caption={t('servers.title')}
        columns={columns}
        rows={matchingServers(query.data ?? [], shownQ)}
        rowKey={(server) => server.id}
        loading={query.isLoading}
        error={query.error}
        errorNamespace="console-ops"
        onRetry={() => void query.refetch()}
      />
      {open?.kind === 'edit' && <ServerEditorDialog server={open.server} onClose={() => setOpen(null)} />}
      {open?.kind === 'key' && <PluginKeyDialog server={open.server} onClose={() => setOpen(null)} />}
      {open?.kind === 'rcon' && <RconConsoleDialog server={open.server} onClose={() => setOpen(null)} />}
      {(open?.kind === 'revoke' || open?.kind === 'remove') && (
        <PlainConfirmDialog
          title={t(open.kind === 'revoke' ? 'servers.revokeKeyTitle' : 'servers.removeTitle', { name: open.server.name })}
          description={t(open.kind === 'revoke' ? 'servers.revokeKeyBody' : 'servers.removeBody')}
          confirmLabel={t(open.kind === 'revoke' ? 'servers.revokeKey' : 'servers.remove')}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await (open.kind === 'revoke' ? serverCalls.revokeKey(open.server.id) : serverCalls.remove(open.server.id))
            toast({ title: t(open.kind === 'revoke' ? 'servers.keyRevoked' : 'servers.removed'), tone: 'success' })
            await refresh()
          }}
        />
      )}
    </ConsolePage>
  )
}
