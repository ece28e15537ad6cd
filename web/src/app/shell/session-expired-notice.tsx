import { LogIn, TriangleAlert, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { openLoginDialog } from '@/features/auth/hooks/use-login-dialog'
import { dismissLoginExpired, useLoginEndedNotice } from '@/lib/session'
import { loginReturnsHere } from '../routing/login-return'

/**
 * Tells the user their login ended without them logging out (spec 000 §4.1: the token was refused
 * or expired), with the way back in. Gone once they log in again or dismiss it.
 */
export function SessionExpiredNotice() {
  const { t } = useTranslation('shell')
  const shown = useLoginEndedNotice()
  const { pathname } = useLocation()
  if (!shown) return null

  return (
    <div
      role="alert"
      className="mb-5 flex animate-pop-in flex-wrap items-center gap-3 rounded-xl border border-amber-400/35 bg-gradient-to-r from-amber-400/15 to-amber-400/5 px-4 py-3 text-sm text-amber-50 shadow-lg shadow-black/30"
    >
      <TriangleAlert className="size-5 shrink-0 text-amber-300" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-48 font-medium">{t('loginExpired.text')}</p>
      <button
        type="button"
        onClick={() => openLoginDialog('main', { returnHere: loginReturnsHere(pathname) })}
        className="focus-ring inline-flex cursor-pointer items-center gap-1.5 rounded-lg bg-amber-300 px-3 py-1.5 font-semibold text-ink-950 hover:bg-amber-200"
      >
        <LogIn className="size-4" aria-hidden="true" />
        {t('loginExpired.login')}
      </button>
      <button
        type="button"
        onClick={dismissLoginExpired}
        aria-label={t('loginExpired.dismiss')}
        className="focus-ring -mr-1 grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg text-amber-100/80 hover:bg-white/10 hover:text-white"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}
