import { AlertTriangle, Clock, ExternalLink, RotateCcw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { DeferredPart } from '@/components/ui/deferred-part'
import { Spinner } from '@/components/ui/spinner'
import { useAppConfig } from '@/lib/config/config-context'
import { useErrorText } from '@/lib/error-text'
import type { PaymentState } from '@/lib/payments/use-payment'
import { qrCodeSvg } from './lazy-qr'

interface PaymentViewProps {
  state: PaymentState
  /** Back to the form (the retry button of a timeout, a failure or a closed order). */
  onRetry: () => void
  /** The caller's success step, shown once the order is paid. */
  success: ReactNode
}

/** The demo stand-in's "phone" page for a WeChat code: its pr value appended to the configured page. */
function sandboxScanLink(page: string, code: string): string {
  const pr = /[?&]pr=([^&#]*)/.exec(code)?.[1] ?? ''
  return `${page}${pr}`
}

/** "7:59" */
function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * What a checkout shows once the buyer has asked to pay (spec 001 §2.3, §4): the WeChat QR code or
 * the payment link with the countdown, then the caller's success step, the timeout with its retry,
 * the payment error, or how the order ended. Nothing in the idle phase (the caller's form is shown).
 */
export function PaymentView({ state, onRetry, success }: PaymentViewProps) {
  const { t } = useTranslation('payments')
  const errorText = useErrorText('payments')
  const { payments } = useAppConfig()

  switch (state.phase) {
    case 'idle':
      return null
    case 'starting':
      return (
        <output className="flex items-center justify-center gap-3 py-6 text-sm text-zinc-300">
          <Spinner />
          {t('checkout.starting')}
        </output>
      )
    case 'awaiting':
      return (
        <section aria-label={t('view.orderLabel', { id: state.orderId })} className="flex flex-col items-center gap-4">
          {state.qrCode ? (
            <figure className="flex flex-col items-center gap-3">
              {/* Sized for the code, which may still be loading. */}
              <div className="min-h-[216px] min-w-[216px] rounded-xl bg-white p-3">
                <DeferredPart
                  part={qrCodeSvg}
                  props={{ value: state.qrCode, size: 192, title: t('view.qrLabel'), 'data-testid': 'payment-qr' }}
                />
              </div>
              <figcaption className="text-sm font-semibold text-white">{t('view.qrTitle')}</figcaption>
            </figure>
          ) : (
            <div className="flex flex-col items-center gap-2 text-center text-sm text-zinc-300">
              <p>{t('view.linkOpened')}</p>
              <p className="text-zinc-400">{t('view.linkBlocked')}</p>
            </div>
          )}
          {state.qrCode ? (
            payments.sandboxScanUrl && (
              <a
                href={sandboxScanLink(payments.sandboxScanUrl, state.qrCode)}
                target="_blank"
                rel="noopener noreferrer"
                className="focus-ring inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-brand-300 underline-offset-2 hover:underline"
              >
                {t('view.sandboxScan')}
                <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              </a>
            )
          ) : (
            <a
              href={state.paymentUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="focus-ring inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold break-all text-brand-300 underline-offset-2 hover:underline"
            >
              {t('view.openLink')}
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            </a>
          )}
          <p className="flex items-center gap-2 text-sm text-zinc-300">
            <Clock className="size-4 text-zinc-400" aria-hidden="true" />
            <span id="payment-countdown-label">{t('view.countdown')}</span>
            <span
              role="timer"
              aria-labelledby="payment-countdown-label"
              data-testid="payment-countdown"
              className="font-mono font-semibold text-white tabular-nums"
            >
              {clock(state.secondsLeft)}
            </span>
          </p>
          <p className="flex items-center gap-2 text-center text-xs text-zinc-400" aria-live="polite">
            <Spinner className="size-3.5" />
            {t('view.waiting')}
          </p>
        </section>
      )
    case 'paid':
      return <>{success}</>
    case 'timeout':
      return <Failure message={t('view.paymentTimeout')} retry={t('view.retry')} onRetry={onRetry} />
    case 'closed':
      return (
        <Failure
          message={t(`view.closed.${state.status}`)}
          retry={state.status === 'failed' || state.status === 'expired' ? t('view.retry') : null}
          onRetry={onRetry}
        />
      )
    case 'error':
      return (
        <div role="alert" className="flex items-start gap-2 rounded-xl border border-red-500/30 bg-red-500/10 px-4 py-3 text-sm text-red-200">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{t('view.paymentError')}</p>
            <p className="mt-0.5 text-red-200/80">{errorText(state.error)}</p>
          </div>
        </div>
      )
  }
}

function Failure({ message, retry, onRetry }: { message: string; retry: string | null; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 py-2">
      <p role="alert" className="flex items-start gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      {retry && (
        <Button onClick={onRetry}>
          <RotateCcw className="size-4" aria-hidden="true" />
          {retry}
        </Button>
      )}
    </div>
  )
}
