import { Gamepad2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { browser } from '@/lib/browser'
import { useAppConfig } from '@/lib/config/config-context'
import { logAuthAction, startSession } from '@/lib/session'
import { storage } from '@/lib/storage'
import { bindSteam, validateBindToken, type Player } from '../api/auth-api'
import { useAuthMessageText } from '../hooks/use-auth-message'
import { useRememberLoginReturn } from '../hooks/use-login-dialog'
import { bindingError, type AuthMessage } from '../model/auth-errors'
import { steamRedirectUrl } from '../model/steam-openid'
import { FormAlert, OptionButton } from './auth-form-parts'

interface SteamBindingViewProps {
  email: string
  onLoggedIn: () => void
}

const UNAUTHORIZED: AuthMessage = { key: 'unauthorized' }

/**
 * Binds the e-mail account to a Steam account (spec 000 §2.4, §4.2): through the Steam login
 * redirect, or with an in-game token that is checked first and then confirmed.
 */
export function SteamBindingView({ email, onLoggedIn }: SteamBindingViewProps) {
  const { t } = useTranslation('auth')
  const messageText = useAuthMessageText()
  const { steam } = useAppConfig()
  const [token, setToken] = useState('')
  const [player, setPlayer] = useState<Player | null>(null)
  const [busy, setBusy] = useState<'redirect' | 'verify' | 'confirm' | null>(null)
  const [error, setError] = useState<AuthMessage | null>(null)
  const rememberReturn = useRememberLoginReturn()

  const bindViaSteam = () => {
    const bindToken = storage.emailBindToken.get()
    if (!bindToken) return setError(UNAUTHORIZED)
    if (!steam) return
    setBusy('redirect')
    rememberReturn()
    browser.assign(steamRedirectUrl(steam, { purpose: 'bind', bindToken }))
  }

  const verify = async (event: FormEvent) => {
    event.preventDefault()
    const value = token.trim()
    if (busy || value === '') return
    setError(null)
    if (!storage.emailBindToken.get()) return setError(UNAUTHORIZED)
    setBusy('verify')
    try {
      setPlayer(await validateBindToken(email, value))
    } catch (failure) {
      setError(bindingError(failure))
    } finally {
      setBusy(null)
    }
  }

  const confirm = async () => {
    if (!player || busy) return
    setError(null)
    if (!storage.emailBindToken.get()) return setError(UNAUTHORIZED)
    setBusy('confirm')
    try {
      const session = await bindSteam(email, player.steamId)
      startSession(session)
      // Awaited: the page reloads next, which would cancel the call.
      await logAuthAction('LOGIN-EMAIL', session.user.steamId)
      onLoggedIn()
    } catch (failure) {
      setError(bindingError(failure))
      setBusy(null)
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <OptionButton
        icon={Gamepad2}
        title={t('binding.viaSteam')}
        hint={steam ? t('binding.viaSteamHint') : t('login.steamUnavailable')}
        onClick={bindViaSteam}
        disabled={!steam || busy !== null}
        autoFocusTarget
        tone="brand"
      />
      <div className="flex items-center gap-3 text-xs text-zinc-500" aria-hidden="true">
        <span className="h-px flex-1 bg-white/10" />
        {t('binding.or')}
        <span className="h-px flex-1 bg-white/10" />
      </div>
      <form noValidate onSubmit={verify} className="flex flex-col gap-3">
        <TextField
          label={t('binding.token')}
          hint={t('binding.tokenHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={token}
          onChange={(event) => {
            setToken(event.target.value.toLowerCase())
            setPlayer(null)
          }}
        />
        <Button type="submit" variant="secondary" disabled={busy !== null || token.trim() === ''}>
          {busy === 'verify' ? t('binding.verifying') : t('binding.verify')}
        </Button>
      </form>
      {player && (
        <section
          aria-label={t('binding.found')}
          className="flex flex-col gap-3 rounded-xl border border-brand-500/30 bg-brand-500/[0.06] p-4"
        >
          <p className="text-xs font-semibold text-brand-300">{t('binding.found')}</p>
          <div className="flex items-center gap-3">
            {player.avatar ? (
              <img
                src={player.avatar}
                alt={t('binding.avatarOf', { name: player.username })}
                className="size-12 shrink-0 rounded-lg object-cover"
              />
            ) : null}
            <div className="min-w-0">
              <p className="truncate font-bold text-white">{player.username}</p>
              <p className="text-xs text-zinc-400">
                {t('binding.steamId')}: <span className="font-mono text-zinc-200">{player.steamId}</span>
              </p>
            </div>
          </div>
          <Button onClick={() => void confirm()} disabled={busy !== null}>
            {busy === 'confirm' ? t('binding.confirming') : t('binding.confirm')}
          </Button>
        </section>
      )}
      {error && <FormAlert>{messageText(error)}</FormAlert>}
    </div>
  )
}
