import { CircleAlert, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useErrorText } from '@/lib/error-text'
import { readNavError } from '@/lib/navigation'

/** Shows the error carried in navigation state; dismissing it clears that state. */
export function ErrorBanner() {
  const { t } = useTranslation('shell')
  const location = useLocation()
  const navigate = useNavigate()
  const error = readNavError(location.state)
  const errorText = useErrorText(error?.namespace)
  if (!error) return null

  const dismiss = () =>
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null })

  return (
    <div
      role="alert"
      className="mb-5 flex animate-pop-in items-center gap-3 rounded-xl border border-danger-500/35 bg-gradient-to-r from-danger-500/15 to-danger-500/5 px-4 py-3 text-sm text-red-100 shadow-lg shadow-black/30"
    >
      <CircleAlert className="size-5 shrink-0 text-danger-400" aria-hidden="true" />
      <p className="flex-1 font-medium">{errorText(error)}</p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('banner.dismiss')}
        className="focus-ring -mr-1 grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg text-red-200/80 hover:bg-white/10 hover:text-white"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}
