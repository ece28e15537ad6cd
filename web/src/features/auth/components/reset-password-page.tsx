import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ComingSoon } from '@/components/ui/coming-soon'
import { PageFrame } from '@/components/ui/page-frame'

/** /reset-password: the link from the reset e-mail lands here. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth')
  return (
    <PageFrame title={t('resetPassword.title')} description={t('resetPassword.description')} icon={KeyRound}>
      <ComingSoon />
    </PageFrame>
  )
}
