import { ServerCog } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { POST_PAYMENT_WAIT_SECONDS } from '@/lib/constants'

/**
 * After the new server is paid (spec 001 §2.3, §4): "server creating", with a confirm button that
 * waits 180 s, the time the server needs to come up; confirm closes the dialog and reloads the list.
 */
export function ServerCreating({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation('pracc-servers')
  // Counted from a deadline, so a throttled background tab still shows the right time; it starts at
  // 180 on the first render, so the button is never usable before the wait.
  const [deadline] = useState(() => Date.now() + POST_PAYMENT_WAIT_SECONDS * 1000)
  const [left, setLeft] = useState(POST_PAYMENT_WAIT_SECONDS)
  useEffect(() => {
    const timer = setInterval(() => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setLeft(seconds)
      if (seconds === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])
  const waiting = left > 0
  return (
    <output className="flex flex-col items-center gap-3 py-4 text-center">
      <ServerCog className="size-12 animate-pulse text-sky-300 motion-reduce:animate-none" aria-hidden="true" />
      <p className="text-lg font-bold text-white">{t('newServer.creatingTitle')}</p>
      <p className="max-w-md text-sm text-zinc-300">{t('newServer.creatingBody')}</p>
      <Button onClick={onConfirm} disabled={waiting}>
        {waiting ? t('newServer.confirmWait', { seconds: left }) : t('newServer.confirm')}
      </Button>
    </output>
  )
}
