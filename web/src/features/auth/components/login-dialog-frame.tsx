import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'

interface LoginDialogFrameProps {
  onClose: () => void
}

/** The frame of the login dialog opened by /login; its sub-views come with the login issue. */
export function LoginDialogFrame({ onClose }: LoginDialogFrameProps) {
  const { t } = useTranslation('auth')
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('login.title')}
      description={t('login.description')}
      size="sm"
    >
      <p className="rounded-xl border border-dashed border-white/10 bg-ink-900/60 px-4 py-6 text-center text-sm text-zinc-400">
        {t('login.comingSoon')}
      </p>
    </Dialog>
  )
}
