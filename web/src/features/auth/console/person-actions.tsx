import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { useToast } from '@/components/ui/toast-context'
import { ConfirmDialog } from '@/components/console/confirm-dialog'
import { consoleListKeys } from '@/lib/console/use-console-list'
import { vipStatusKeys } from '@/lib/memberships/vip-status'
import {
  changeVipDays,
  endSessions,
  GRANTABLE_GROUPS,
  peopleKeys,
  setGroup,
  type GrantableGroup,
  type Person,
} from './people-api'
import { parseVipDays } from './vip-days'

type Action = { kind: 'vip' } | { kind: 'group'; group: GrantableGroup; granted: boolean } | { kind: 'sessions' }

/** The changes an operator makes to one account, each with a reason for the audit log. */
export function PersonActions({ person }: { person: Person }) {
  const { t } = useTranslation('console')
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const [action, setAction] = useState<Action | null>(null)
  const [days, setDays] = useState('')
  const [daysInvalid, setDaysInvalid] = useState(false)
  const name = person.name || `#${person.id}`

  const changed = async (message: string) => {
    toast({ tone: 'success', title: message })
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleKeys.details(String(person.id)) }),
      queryClient.invalidateQueries({ queryKey: consoleListKeys.all }),
      queryClient.invalidateQueries({ queryKey: vipStatusKeys.all }),
    ])
  }

  const confirm = async (reason: string): Promise<unknown> => {
    if (!action) return false
    if (action.kind === 'vip') {
      const parsed = parseVipDays(days)
      setDaysInvalid(parsed === null)
      if (parsed === null) return false
      await changeVipDays(person.id, parsed, reason)
      await changed(t('people.vipDone'))
    } else if (action.kind === 'group') {
      await setGroup(person.id, action.group, action.granted, reason)
      await changed(t('people.groupDone'))
    } else {
      await endSessions(person.id, reason)
      await changed(t('people.sessionsDone'))
    }
    return true
  }

  const open = (next: Action) => {
    setDays('')
    setDaysInvalid(false)
    setAction(next)
  }

  const title =
    action?.kind === 'vip'
      ? t('people.grantVipTitle', { name })
      : action?.kind === 'group'
        ? t(action.granted ? 'people.grantTitle' : 'people.revokeTitle', { name, group: action.group })
        : t('people.endSessionsTitle', { name })

  return (
    <div className="flex flex-wrap gap-2" data-testid="person-actions">
      <Button onClick={() => open({ kind: 'vip' })}>{t('people.grantVip')}</Button>
      {GRANTABLE_GROUPS.map((group) => {
        const granted = person.groups.includes(group)
        return (
          <Button
            key={group}
            variant="secondary"
            onClick={() => open({ kind: 'group', group, granted: !granted })}
          >
            {t(granted ? 'people.revoke' : 'people.grant', { group })}
          </Button>
        )
      })}
      <Button variant="danger" onClick={() => open({ kind: 'sessions' })}>
        {t('people.endSessions')}
      </Button>
      <ConfirmDialog
        open={action !== null}
        onOpenChange={(next) => !next && setAction(null)}
        title={title}
        description={action?.kind === 'sessions' ? t('people.endSessionsBody') : undefined}
        tone={action?.kind === 'sessions' || (action?.kind === 'group' && !action.granted) ? 'danger' : 'primary'}
        onConfirm={confirm}
      >
        {action?.kind === 'vip' && (
          <TextField
            label={t('people.vipDays')}
            hint={t('people.vipDaysHint')}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            message={daysInvalid ? t('people.daysInvalid') : undefined}
          />
        )}
      </ConfirmDialog>
    </div>
  )
}
