import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { Dialog } from '@/components/ui/dialog'
import { useErrorText } from '@/lib/error-text'
import { PLUGIN_KEY_SCOPES, type PluginKeyScope } from './server-form'
import { serverCalls, serverKeys, type ConsoleServer } from './servers-api'

/**
 * Issues a plugin key with the chosen scopes and shows it once: only its hash is kept, so closing the
 * dialog loses it for good.
 */
export function PluginKeyDialog({ server, onClose }: { server: ConsoleServer; onClose: () => void }) {
  const { t } = useTranslation('console-ops')
  const queryClient = useQueryClient()
  const [scopes, setScopes] = useState<PluginKeyScope[]>(['status', 'stats'])
  const [scopeProblem, setScopeProblem] = useState(false)
  const [key, setKey] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [working, setWorking] = useState(false)
  const errorText = useErrorText('console-ops')

  if (key !== null) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('servers.keyTitle')}
        description={t('servers.keyShownOnce')}
        footer={<Button onClick={onClose}>{t('common.done')}</Button>}
      >
        <div className="flex flex-col gap-3">
          <code data-testid="plugin-key" className="block rounded-lg bg-black/40 p-3 font-mono text-sm break-all text-brand-200 select-all">
            {key}
          </code>
          <CopyButton text={key} label={t('servers.copyKey')} />
        </div>
      </Dialog>
    )
  }

  const toggle = (scope: PluginKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)))

  const issue = async () => {
    if (scopes.length === 0) {
      setScopeProblem(true)
      return
    }
    setWorking(true)
    setFailure(null)
    try {
      const answer = await serverCalls.issueKey(server.id, PLUGIN_KEY_SCOPES.filter((s) => scopes.includes(s)))
      setKey(answer.key)
      await queryClient.invalidateQueries({ queryKey: serverKeys.all })
    } catch (error) {
      setFailure(error)
    } finally {
      setWorking(false)
    }
  }

  // The contract's key call takes only the scopes (no reason): a plain confirmation, not ConfirmDialog.
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !working && onClose()}
      title={t('servers.issueKeyTitle', { name: server.name })}
      description={t('servers.issueKeyBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={working}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void issue()} disabled={working}>
            {t('servers.issueKey')}
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2" aria-describedby={scopeProblem ? 'plugin-scope-problem' : undefined}>
        <legend className="mb-1 text-sm font-medium text-zinc-200">{t('servers.scopes')}</legend>
        {PLUGIN_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              className="focus-ring size-4 accent-brand-500"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            {t(`servers.scopeNames.${scope}`)} <span className="font-mono text-xs text-zinc-500">{scope}</span>
          </label>
        ))}
        {scopeProblem && (
          <p id="plugin-scope-problem" className="text-xs text-danger-400">
            {t('servers.scopesRequired')}
          </p>
        )}
      </fieldset>
      {failure !== null && (
        <p role="alert" className="mt-3 text-sm text-danger-400">
          {errorText(failure)}
        </p>
      )}
    </Dialog>
  )
}
