import type { LucideIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { PageFrame } from '@/components/ui/page-frame'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast-context'
import { errorState } from '@/lib/navigation'
import { useAuthMessageText } from '../hooks/use-auth-message'
import { takeLoginReturn } from '../model/login-return'
import type { CallbackOutcome } from '../model/steam-callbacks'

interface SteamCallbackFrameProps {
  title: string
  description: string
  working: string
  success: string
  icon: LucideIcon
  finish: (params: URLSearchParams) => Promise<CallbackOutcome>
}

/**
 * Runs a Steam return page's work once, then goes to the page the login asked to come back to (else /)
 * with a success toast, or to / with an error banner.
 */
export function SteamCallbackFrame({ title, description, working, success, icon, finish }: SteamCallbackFrameProps) {
  const navigate = useNavigate()
  const { search } = useLocation()
  const { toast } = useToast()
  const messageText = useAuthMessageText()
  const { t } = useTranslation('auth')
  const started = useRef(false)

  useEffect(() => {
    // The query string is consumed once (the stored state is single use), even if effects re-run.
    if (started.current) return
    started.current = true
    void finish(new URLSearchParams(search)).then((outcome) => {
      const back = takeLoginReturn()
      if (outcome.ok) {
        toast({ tone: 'success', title: success })
        navigate(back, { replace: true })
        return
      }
      if (outcome.toast) {
        const { title: cause, description: detail } = outcome.toast
        toast({ tone: 'error', title: messageText(cause), description: detail ? messageText(detail) : undefined })
      }
      // The text rides along for a reload of /, where the account strings are not loaded.
      navigate('/', { replace: true, state: errorState(outcome.banner, t(`errors.${outcome.banner}`), 'auth') })
    })
  }, [search, finish, navigate, toast, messageText, success, t])

  return (
    <PageFrame title={title} description={description} icon={icon}>
      <output className="flex flex-col items-center gap-3 py-16 text-sm text-zinc-300">
        <Spinner className="size-8" />
        {working}
      </output>
    </PageFrame>
  )
}
