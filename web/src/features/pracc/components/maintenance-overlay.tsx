import { Wrench } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Covers a card under maintenance (maintenance_status 1) with the status and a description. */
export function MaintenanceOverlay({ status, text }: { status: string; text: string | null }) {
  const { t } = useTranslation('pracc-servers')
  return (
    <output
      data-testid="maintenance-overlay"
      className="absolute inset-0 z-10 grid place-items-center rounded-2xl bg-ink-950/75 p-4 text-center backdrop-blur-[2px]"
    >
      <div className="flex max-w-xs flex-col items-center gap-2">
        <Wrench className="size-6 text-amber-300" aria-hidden="true" />
        <p className="font-bold text-white">{t('card.maintenanceTitle')}</p>
        <p className="text-xs text-amber-200/90">{status}</p>
        <p className="text-sm text-zinc-300">{text ?? t('card.maintenanceBody')}</p>
      </div>
    </output>
  )
}
