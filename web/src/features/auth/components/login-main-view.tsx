import { Gamepad2, Mail } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { browser } from '@/lib/browser'
import { useAppConfig } from '@/lib/config/config-context'
import { useRememberLoginReturn } from '../hooks/use-login-dialog'
import { steamRedirectUrl } from '../model/steam-openid'
import { OptionButton } from './auth-form-parts'

/** The first view: Steam login (a full-page redirect) or e-mail login. */
export function LoginMainView({ onEmailLogin }: { onEmailLogin: () => void }) {
  const { t } = useTranslation('auth')
  const { steam } = useAppConfig()
  const [redirecting, setRedirecting] = useState(false)
  const rememberReturn = useRememberLoginReturn()

  const loginWithSteam = () => {
    if (!steam) return
    setRedirecting(true)
    rememberReturn()
    browser.assign(steamRedirectUrl(steam, { purpose: 'login' }))
  }

  return (
    <div className="flex flex-col gap-3">
      <OptionButton
        icon={Gamepad2}
        title={t('login.steam')}
        hint={redirecting ? t('login.redirecting') : steam ? t('login.steamHint') : t('login.steamUnavailable')}
        onClick={loginWithSteam}
        disabled={!steam || redirecting}
        autoFocusTarget={Boolean(steam)}
        tone="brand"
      />
      <OptionButton
        icon={Mail}
        title={t('login.email')}
        hint={t('login.emailHint')}
        onClick={onEmailLogin}
        autoFocusTarget={!steam}
      />
    </div>
  )
}
