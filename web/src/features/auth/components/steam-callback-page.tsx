import { LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { finishSteamLogin } from '../model/steam-callbacks'
import { SteamCallbackFrame } from './steam-callback-frame'

/** /auth/steam/callback: Steam login returns here (spec 000 §2.6). */
export function SteamCallbackPage() {
  const { t } = useTranslation('auth')
  return (
    <SteamCallbackFrame
      title={t('steamCallback.title')}
      description={t('steamCallback.description')}
      working={t('steamCallback.working')}
      success={t('steamCallback.success')}
      icon={LogIn}
      finish={finishSteamLogin}
    />
  )
}
