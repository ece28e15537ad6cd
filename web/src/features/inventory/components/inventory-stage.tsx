import { AlertTriangle, RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import type { SignInState } from '../hooks/use-inventory-sign-in'
import { signInErrorText } from '../model/sign-in-error'
import { InventoryBackdrop } from './inventory-backdrop'

interface InventoryStageProps {
  state: SignInState
  onRetry: () => void
}

/**
 * The logged-in inventory: the background with a spinner while signing in, then the inventory site
 * in a frame, which the overlay keeps covered for its first 4 s; a failure says why, with a retry.
 */
export function InventoryStage({ state, onRetry }: InventoryStageProps) {
  const { t } = useTranslation('inventory')
  const { phase, src, error } = state
  const overlay = phase === 'signing-in' || phase === 'opening' || phase === 'loading' || phase === 'idle'
  const status = phase === 'signing-in' || phase === 'idle' ? t('signingIn') : t('loadingFrame')
  return (
    <div
      className="relative h-[calc(100dvh-15rem)] min-h-[34rem] overflow-hidden rounded-2xl border border-white/[0.07]"
      aria-busy={overlay}
    >
      <InventoryBackdrop />
      {src && (
        <iframe
          src={src}
          title={t('frameTitle')}
          className={cn('absolute inset-0 size-full border-0 bg-ink-950', overlay && 'invisible')}
          allow="clipboard-write"
          referrerPolicy="strict-origin-when-cross-origin"
          // The sandbox keeps the site from navigating the portal away. The site (another origin in
          // production; the demo's stand-in is ours) needs its scripts and its own cookies:
          // allow-same-origin gives it its own origin, never the portal's.
          // oxlint-disable-next-line react/iframe-missing-sandbox
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        />
      )}
      {overlay && (
        <output className="absolute inset-0 flex flex-col items-center justify-center gap-4 text-sm font-medium text-zinc-200">
          <Spinner className="size-10 border-[3px]" />
          {status}
        </output>
      )}
      {phase === 'error' && (
        <div className="absolute inset-0 grid place-items-center p-4">
          <div
            role="alert"
            className="flex max-w-md flex-col items-center gap-3 rounded-2xl border border-danger-500/30 bg-ink-850/95 px-6 py-7 text-center shadow-2xl shadow-black/50"
          >
            <AlertTriangle className="size-8 text-danger-400" aria-hidden="true" />
            <p className="text-sm text-zinc-200">{signInErrorText(error)}</p>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              {t('retry')}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
