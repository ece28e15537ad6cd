import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'

const PLATFORMS = ['ios', 'android', 'desktop'] as const

interface InstallDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** How to install the portal as an app by hand, where the browser offers no prompt. */
export function InstallDialog({ open, onOpenChange }: InstallDialogProps) {
  const { t } = useTranslation('vip')
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('install.title')} description={t('install.description')}>
      <div className="flex flex-col gap-4 text-sm">
        <ul className="flex flex-col gap-3">
          {PLATFORMS.map((platform) => (
            <li key={platform} className="rounded-xl border border-white/[0.07] bg-white/[0.03] p-3.5">
              <h3 className="font-semibold text-white">{t(`install.${platform}.title`)}</h3>
              <p className="mt-1 text-zinc-300">{t(`install.${platform}.steps`)}</p>
            </li>
          ))}
        </ul>
        <p className="text-zinc-400">{t('install.after')}</p>
      </div>
    </Dialog>
  )
}
