import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Plus, Trash2, Users } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast-context'
import { isApiError } from '@/lib/api-error'
import { cn } from '@/lib/cn'
import { useErrorText } from '@/lib/error-text'
import { saveAdmins } from '../api/admins-api'
import { praccKeys } from '../api/pracc-keys'
import { useAdminRows } from '../hooks/use-admin-rows'
import {
  ADMIN_NOTE_MAX,
  canAddAdmin,
  listError,
  MAX_ADMINS,
  rowErrors,
  serverAdminError,
  toAdminPayload,
  type AdminRow,
} from '../model/admins'
import type { RentedServer } from '../model/rented-server'
import { MeBadge } from './me-badge'
import { TeammatesDialog } from './teammates-dialog'

interface AdminEditorProps {
  server: RentedServer
  initial: readonly { steamid: string; name: string }[]
  me: string | null
  onSaved: () => void
}

const inputClasses =
  'focus-ring h-9 w-full rounded-lg border border-white/10 bg-ink-900 px-2.5 text-sm text-zinc-100 placeholder:text-zinc-500 hover:border-white/20'

/** The owner's editor: rows of Steam ID and note, teammates to add, and apply (checks every row first). */
export function AdminEditor({ server, initial, me, onSaved }: AdminEditorProps) {
  const { t } = useTranslation('pracc-servers')
  const { toast } = useToast()
  const errorText = useErrorText('pracc-servers')
  const queryClient = useQueryClient()
  const { rows, add, update, remove } = useAdminRows(initial)
  const [checked, setChecked] = useState(false)
  const [teammatesOpen, setTeammatesOpen] = useState(false)
  const save = useMutation({
    mutationFn: (list: AdminRow[]) => saveAdmins(server.id, toAdminPayload(list, server.name)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: praccKeys.admins(server.id) })
      toast({ tone: 'success', title: t('admins.saved') })
      onSaved()
    },
    onError: (error) => console.warn('Failed to update admins', error),
  })

  /** A refusal of the backend in the editor's words ("id: why"), else its general text. */
  const saveFailure = (error: unknown): string => {
    const named = isApiError(error) && error.code === 'VALIDATION_FAILED' ? serverAdminError(error.details) : null
    if (!named) return errorText(error)
    if (named.error === 'minAdmins' || named.error === 'maxAdmins') return t(`admins.listErrors.${named.error}`)
    const why = t(`admins.rowErrors.${named.error}`)
    return named.steamid ? `${named.steamid}: ${why}` : why
  }

  const errors = rowErrors(rows)
  const tooFew = listError(rows)
  const problems = rows
    .map((row) => ({ row, error: errors.get(row.tempId) }))
    .filter((entry) => entry.error !== undefined)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (errors.size > 0 || tooFew !== null || save.isPending) return
    save.mutate(rows)
  }

  return (
    <form noValidate onSubmit={apply} className="flex flex-col gap-4">
      <ul aria-label={t('admins.listLabel')} className="flex flex-col gap-2">
        {rows.map((row, index) => {
          const error = checked ? errors.get(row.tempId) : undefined
          const noteInvalid = error === 'noteTooLong'
          const idInvalid = error !== undefined && !noteInvalid
          const label = t('admins.rowLabel', { index: index + 1 })
          return (
            <li key={row.tempId} aria-label={label} className="flex flex-wrap items-center gap-2">
              <div className="flex w-full items-center gap-2 sm:w-60">
                <input
                  aria-label={`${label} ${t('admins.steamId')}`}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={t('admins.steamId')}
                  value={row.steamid}
                  aria-invalid={idInvalid || undefined}
                  onChange={(event) => update(row.tempId, { steamid: event.target.value })}
                  className={cn(inputClasses, 'font-mono', idInvalid && 'border-danger-500/60')}
                />
                {row.steamid.trim() === me && <MeBadge />}
              </div>
              <input
                aria-label={`${label} ${t('admins.note')}`}
                placeholder={t('admins.notePlaceholder')}
                value={row.name}
                aria-invalid={noteInvalid || undefined}
                onChange={(event) => update(row.tempId, { name: event.target.value })}
                className={cn(inputClasses, 'min-w-0 flex-1 basis-40', noteInvalid && 'border-danger-500/60')}
                maxLength={ADMIN_NOTE_MAX * 2}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('admins.remove', { index: index + 1 })}
                onClick={() => remove(row.tempId)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          )
        })}
      </ul>
      {rows.length === 0 && <p className="text-sm text-zinc-400">{t('admins.empty')}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" disabled={!canAddAdmin(rows)} onClick={() => add()}>
          <Plus aria-hidden="true" />
          {t('admins.add')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setTeammatesOpen(true)}>
          <Users aria-hidden="true" />
          {t('admins.fromTeammates')}
        </Button>
        <span className="text-xs text-zinc-500 tabular-nums">{t('admins.count', { count: rows.length })}</span>
      </div>
      {checked && (problems.length > 0 || tooFew) && (
        <div role="alert" className="rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {tooFew && <p>{t(`admins.listErrors.${tooFew}`)}</p>}
          {problems.length > 0 && (
            <>
              <p className="font-semibold">{t('admins.errorsTitle')}</p>
              <ul className="mt-1 flex flex-col gap-0.5">
                {problems.map(({ row, error }) => (
                  <li key={row.tempId}>
                    {`${row.steamid.trim() || t('admins.emptyId')}: ${t(`admins.rowErrors.${error ?? 'steamIdRequired'}`)}`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-red-300">
          {t('admins.updateError')} {saveFailure(save.error)}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {t('admins.apply')}
        </Button>
      </div>
      <TeammatesDialog
        serverId={server.id}
        open={teammatesOpen}
        onOpenChange={setTeammatesOpen}
        listed={new Set(rows.map((row) => row.steamid.trim()))}
        full={rows.length >= MAX_ADMINS}
        onAdd={(mate) => add({ steamid: mate.steamid, name: mate.name.slice(0, ADMIN_NOTE_MAX) })}
      />
    </form>
  )
}
