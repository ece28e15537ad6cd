import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { accessOf, type Privilege } from '../model/privilege-access'
import type { UserGroup } from '../model/user-groups'
import { AccessMark } from './access-mark'

interface PrivilegeDetailsDialogProps {
  privilege: Privilege | null
  groups: readonly UserGroup[]
  onClose: () => void
}

/** Below 1024 px: one privilege, its detail and every group's access in words. */
export function PrivilegeDetailsDialog({ privilege, groups, onClose }: PrivilegeDetailsDialogProps) {
  const { t } = useTranslation('vip')
  return (
    <Dialog
      open={privilege !== null}
      onOpenChange={(open) => !open && onClose()}
      title={privilege?.content ?? ''}
      description={privilege?.detail || undefined}
      size="sm"
    >
      {privilege && (
        <ul aria-label={t('privileges.accessList')} className="flex flex-col divide-y divide-white/[0.06]">
          {groups.map((group) => (
            <li key={group.name} className="flex items-center justify-between gap-4 py-2.5">
              <span className="min-w-0">
                <span className="block font-semibold text-white">{t(group.displayNameKey)}</span>
                <span className="block text-xs text-zinc-500">{t(group.detailKey)}</span>
              </span>
              <AccessMark access={accessOf(privilege.flags[group.name])} withLabel className="shrink-0" />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
