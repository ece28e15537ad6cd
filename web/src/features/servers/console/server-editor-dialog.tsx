import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormFooter } from '@/components/console/form-footer'
import { Dialog } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/field'
import { useToast } from '@/components/ui/toast-context'
import {
  EMPTY_SERVER_FORM,
  formOf,
  readServerForm,
  SERVER_CATEGORIES,
  SERVER_REGIONS,
  type ServerField,
  type ServerFormProblem,
  type ServerFormValues,
} from './server-form'
import { serverCalls, serverKeys, type ConsoleServer } from './servers-api'

/** Adds a community server or edits one (an empty RCON password keeps the stored one). */
export function ServerEditorDialog({ server, onClose }: { server: ConsoleServer | 'new'; onClose: () => void }) {
  const { t } = useTranslation(['console-ops', 'servers'])
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const editing = server !== 'new'
  const [form, setForm] = useState<ServerFormValues>(() => (editing ? formOf(server) : EMPTY_SERVER_FORM))
  const [problems, setProblems] = useState<Partial<Record<ServerField, ServerFormProblem>>>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [working, setWorking] = useState(false)
  const set = (patch: Partial<ServerFormValues>) => setForm((current) => ({ ...current, ...patch }))
  const message = (field: ServerField) => (problems[field] ? t(`console-ops:servers.${problems[field]}`) : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const result = readServerForm(form)
    if (!result.ok) {
      setProblems(result.problems)
      return
    }
    setProblems({})
    setFailure(null)
    setWorking(true)
    try {
      await (editing ? serverCalls.update(server.id, result.body) : serverCalls.create(result.body))
      toast({ title: t('console-ops:servers.saved'), tone: 'success' })
      await queryClient.invalidateQueries({ queryKey: serverKeys.all })
      onClose()
    } catch (error) {
      setFailure(error)
    } finally {
      setWorking(false)
    }
  }

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && !working && onClose()}
      title={editing ? t('console-ops:servers.editTitle', { name: server.name }) : t('console-ops:servers.newTitle')}
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={t('console-ops:servers.name')} value={form.name} onChange={(e) => set({ name: e.target.value })} message={message('name')} />
          <TextField label={t('console-ops:servers.nameDisplay')} value={form.nameDisplay} onChange={(e) => set({ nameDisplay: e.target.value })} />
          <TextField label={t('console-ops:servers.ip')} value={form.ip} onChange={(e) => set({ ip: e.target.value })} message={message('ip')} />
          <TextField
            label={t('console-ops:servers.port')}
            inputMode="numeric"
            value={form.port}
            onChange={(e) => set({ port: e.target.value })}
            message={message('port')}
          />
          <SelectField
            label={t('console-ops:servers.category')}
            value={form.category}
            onChange={(e) => set({ category: e.target.value })}
            options={SERVER_CATEGORIES.map((value) => ({ value, label: value }))}
          />
          <SelectField
            label={t('console-ops:servers.region')}
            value={form.region}
            onChange={(e) => set({ region: e.target.value })}
            options={SERVER_REGIONS.map((value) => ({
              value,
              label: t(`servers:regions.${value}` as 'servers:regions.ap-beijing', { defaultValue: value }),
            }))}
          />
          <TextField
            label={t('console-ops:servers.ontop')}
            inputMode="numeric"
            value={form.ontop}
            onChange={(e) => set({ ontop: e.target.value })}
            message={message('ontop')}
          />
          <TextField
            label={t('console-ops:servers.star')}
            inputMode="numeric"
            value={form.star}
            onChange={(e) => set({ star: e.target.value })}
            message={message('star')}
          />
          <TextField
            label={t('console-ops:servers.rconPassword')}
            type="password"
            autoComplete="new-password"
            hint={editing ? t('console-ops:servers.rconPasswordHint') : undefined}
            value={form.rconPassword}
            onChange={(e) => set({ rconPassword: e.target.value })}
          />
        </div>
        <FormFooter failure={failure} errorNamespace="console-ops" working={working} onCancel={onClose} />
      </form>
    </Dialog>
  )
}
