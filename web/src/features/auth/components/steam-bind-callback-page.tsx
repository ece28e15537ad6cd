import { Link2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { finishSteamBind } from '../model/steam-callbacks'
import { SteamCallbackFrame } from './steam-callback-frame'

/** /auth/steam/bind/callback: binding an e-mail account through Steam returns here (spec 000 §4.2, §8). */
export function SteamBindCallbackPage() {
  const { t } = useTranslation('auth')
  return (
    <SteamCallbackFrame
      title={t('bindCallback.title')}
      description={t('bindCallback.description')}
      working={t('bindCallback.working')}
      success={t('bindCallback.success')}
      icon={Link2}
      finish={finishSteamBind}
    />
  )
}
