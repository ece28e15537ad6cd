import { Play } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonClasses, type ButtonSize } from '@/components/ui/button-classes'
import { Tooltip } from '@/components/ui/tooltip'
import { useAppConfig } from '@/lib/config/config-context'
import { cn } from '@/lib/cn'
import { isOnline, joinAddress, type ServerItem } from '../model/server-model'

interface JoinButtonProps {
  server: ServerItem
  label: string
  /** Accessible name when it differs from the visible label. */
  ariaLabel?: string
  size?: ButtonSize
  className?: string
  /** Hide the text from 1024 to 1279 px, where the table is tightest (the icon and the accessible name stay). */
  compact?: boolean
}

/** Opens the game's connect address; when the server is offline it is disabled with a tooltip saying so. */
export function JoinButton({ server, label, ariaLabel, size = 'sm', className, compact }: JoinButtonProps) {
  const { t } = useTranslation('servers')
  const { join } = useAppConfig()
  const text = <span className={cn(compact && 'lg:max-xl:sr-only')}>{label}</span>
  if (!isOnline(server)) {
    return (
      <Tooltip content={t('row.serverOffline')}>
        <button
          type="button"
          aria-disabled="true"
          aria-label={ariaLabel}
          onClick={(event) => event.preventDefault()}
          className={buttonClasses('secondary', size, cn('cursor-not-allowed opacity-50 hover:bg-white/[0.04]', className))}
        >
          <Play aria-hidden="true" />
          {text}
        </button>
      </Tooltip>
    )
  }
  return (
    <a href={joinAddress(join.addressPrefix, server)} aria-label={ariaLabel} className={buttonClasses('primary', size, className)}>
      <Play aria-hidden="true" />
      {text}
    </a>
  )
}
