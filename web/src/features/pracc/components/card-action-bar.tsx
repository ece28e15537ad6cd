import {
  ArrowLeftRight,
  Check,
  Copy,
  Download,
  FileCheck2,
  KeyRound,
  RefreshCw,
  RotateCw,
  ShieldCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCopyFeedback } from '../hooks/use-copy-feedback'
import type { ActionRule, CardAction } from '../model/card-actions'
import type { MaintenanceJob } from '../model/server-status'
import { ActionButton } from './action-button'
import { HoldButton } from './hold-button'

/** The card buttons that open a dialog. */
export type DialogAction = Extract<CardAction, 'password' | 'admins' | 'demos' | 'switchRegion' | 'renew'>

const ICONS: Record<CardAction, LucideIcon> = {
  copy: Copy,
  password: KeyRound,
  admins: ShieldCheck,
  demos: Download,
  restart: RotateCw,
  switchRegion: ArrowLeftRight,
  renew: Wallet,
  verify: FileCheck2,
  update: RefreshCw,
}

interface CardActionBarProps {
  rules: ActionRule[]
  copyText: string
  onOpen: (action: DialogAction) => void
  onRestart: () => void
  onJob: (job: MaintenanceJob) => void
  /** A verify or update request is on its way. */
  jobPending: boolean
}

/** The card's buttons, in the order and with the states the rules give. */
export function CardActionBar({ rules, copyText, onOpen, onRestart, onJob, jobPending }: CardActionBarProps) {
  const { t } = useTranslation(['pracc-servers', 'common'])
  const { state: copyState, copy } = useCopyFeedback()
  const hint = (rule: ActionRule) => t(`hints.${rule.reason ?? rule.action}`)

  return (
    <div className="flex flex-wrap gap-2">
      {rules.map((rule) => {
        const { action, enabled } = rule
        if (action === 'restart' || action === 'verify' || action === 'update') {
          const Icon = ICONS[action]
          const busy = action !== 'restart' && jobPending
          return (
            <HoldButton
              key={action}
              hint={hint(rule)}
              disabled={!enabled || busy}
              onConfirm={action === 'restart' ? onRestart : () => onJob(action)}
            >
              <Icon className="size-4" aria-hidden="true" />
              {t(`actions.${action}`)}
            </HoldButton>
          )
        }
        if (action === 'copy') {
          const label =
            copyState === 'copied' ? t('common:actions.copied') : copyState === 'failed' ? t('common:actions.copyFailed') : t('actions.copy')
          return (
            <ActionButton
              key={action}
              icon={copyState === 'copied' ? Check : Copy}
              label={label}
              hint={hint(rule)}
              enabled={enabled}
              onClick={() => void copy(copyText)}
            />
          )
        }
        return (
          <ActionButton
            key={action}
            icon={ICONS[action]}
            label={t(`actions.${action}`)}
            hint={hint(rule)}
            enabled={enabled}
            onClick={() => onOpen(action)}
          />
        )
      })}
    </div>
  )
}
