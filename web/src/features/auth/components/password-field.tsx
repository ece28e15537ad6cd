import { Eye, EyeOff } from 'lucide-react'
import { useState, type ComponentProps, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/components/ui/field'

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'addon'>

const REVEAL_KEYS = new Set([' ', 'Enter'])

/**
 * A password input with a press-and-hold reveal button: the password shows while the pointer is
 * down on the button (or Space/Enter is held on it) and hides on release, leave or blur.
 */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation('auth')
  const [shown, setShown] = useState(false)
  const hide = () => setShown(false)
  const onKeyDown = (event: KeyboardEvent) => {
    if (!REVEAL_KEYS.has(event.key)) return
    // Space/Enter would otherwise "click" the button (and Enter could submit the form).
    event.preventDefault()
    setShown(true)
  }
  const onKeyUp = (event: KeyboardEvent) => {
    if (REVEAL_KEYS.has(event.key)) hide()
  }
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      addon={
        <button
          type="button"
          aria-label={t('password.show')}
          aria-pressed={shown}
          title={t('password.show')}
          onPointerDown={() => setShown(true)}
          onPointerUp={hide}
          onPointerLeave={hide}
          onPointerCancel={hide}
          onBlur={hide}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          // A long press on touch screens would open the context menu instead.
          onContextMenu={(event) => event.preventDefault()}
          className="focus-ring grid size-10 shrink-0 cursor-pointer touch-none place-items-center rounded-lg border border-white/10 bg-ink-900 text-zinc-400 select-none hover:border-white/20 hover:text-white"
        >
          {shown ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      }
    />
  )
}
