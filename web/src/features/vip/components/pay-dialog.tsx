import { Moon, Sun } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { useAppConfig } from '@/lib/config/config-context'
import { loadNamespace } from '@/lib/i18n'
import type { StoredUser } from '@/lib/storage'
import { buildPayUrl, type PayTheme } from '../model/pay-url'

// The portal's own checkout (price list, payment methods, the payment view, the payments strings:
// about 7 KB gzipped) is not part of the VIP page's first load: it loads, code and strings together,
// as the dialog first opens, beside the dialog's own code.
let checkoutLoading: Promise<{ default: typeof import('./vip-checkout').VipCheckout }> | null = null
function loadCheckout() {
  checkoutLoading ??= Promise.all([import('./vip-checkout'), loadNamespace('payments')]).then(
    ([module]) => ({ default: module.VipCheckout }),
    (error: unknown) => {
      // A failed import is not cached by the browser: the next opening tries again.
      checkoutLoading = null
      throw error
    },
  )
  return checkoutLoading
}
const VipCheckout = lazy(loadCheckout)

interface PayDialogProps {
  open: boolean
  /** Closing (Escape, the close button, a click outside) calls this with false. */
  onOpenChange: (open: boolean) => void
  user: StoredUser | null
  /** The portal's own checkout was paid (refresh and announce the VIP status). */
  onPaid: () => void
}

const THEMES: { theme: PayTheme; icon: typeof Sun }[] = [
  { theme: 'light', icon: Sun },
  { theme: 'dark', icon: Moon },
]

/**
 * The self-pay dialog (spec 000 §2.8, §4.7). With links.vipPay: the external VIP checkout in a
 * frame, for the logged-in account, in a light or dark theme. Without it: the portal's own checkout
 * (issue 14). Its title is 'VIP 订阅' in both languages.
 */
export function PayDialog({ open, onOpenChange, user, onPaid }: PayDialogProps) {
  const { t } = useTranslation(['vip', 'common'])
  const { links } = useAppConfig()
  const ownCheckout = !links.vipPay
  useEffect(() => {
    if (open && ownCheckout) loadCheckout().catch(() => {})
  }, [open, ownCheckout])
  if (ownCheckout) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('payDialog.title')}
        description={
          user
            ? t('payDialog.checkoutDescription', { name: user.username || t('payDialog.guest') })
            : t('payDialog.descriptionGuest')
        }
        size="md"
      >
        <Suspense
          fallback={
            <output className="flex items-center justify-center gap-3 py-10 text-sm text-zinc-400">
              <Spinner />
              {t('common:status.loading')}
            </output>
          }
        >
          <VipCheckout onPaid={onPaid} onDone={() => onOpenChange(false)} />
        </Suspense>
      </Dialog>
    )
  }
  return <FramedPayDialog open={open} onOpenChange={onOpenChange} user={user} />
}

/** The external checkout in a frame (an external vip_pay_url is configured). */
function FramedPayDialog({ open, onOpenChange, user }: Omit<PayDialogProps, 'onPaid'>) {
  const { t } = useTranslation(['vip', 'common'])
  const { links } = useAppConfig()
  const [theme, setTheme] = useState<PayTheme>('dark')
  const src = buildPayUrl({
    base: links.vipPay,
    username: user?.username,
    steamId: user?.steamId,
    guestLabel: t('payDialog.guest'),
    serverName: t('common:appName'),
    theme,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payDialog.title')}
      description={
        user
          ? t('payDialog.description', { name: user.username || t('payDialog.guest') })
          : t('payDialog.descriptionGuest')
      }
      size="lg"
    >
      <div className="flex flex-col gap-4">
        <fieldset className="inline-flex self-start rounded-xl border border-white/10 bg-ink-900/60 p-1">
          <legend className="sr-only">{t('payDialog.theme')}</legend>
          {THEMES.map(({ theme: option, icon: Icon }) => (
            <button
              key={option}
              type="button"
              aria-pressed={theme === option}
              onClick={() => setTheme(option)}
              className={cn(
                'focus-ring inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-xs font-semibold transition-colors',
                theme === option ? 'bg-brand-500 text-ink-950' : 'text-zinc-300 hover:bg-white/[0.06] hover:text-white',
              )}
            >
              <Icon className="size-3.5" aria-hidden="true" />
              {t(`payDialog.${option}`)}
            </button>
          ))}
        </fieldset>
        {src ? (
          <PayFrame key={src} src={src} theme={theme} title={t('payDialog.frameTitle')} loading={t('payDialog.loading')} />
        ) : (
          <output className="block rounded-xl border border-white/10 bg-white/[0.03] px-4 py-6 text-center text-sm text-zinc-400">
            {t('payDialog.notConfigured')}
          </output>
        )}
      </div>
    </Dialog>
  )
}

interface PayFrameProps {
  src: string
  theme: PayTheme
  title: string
  loading: string
}

/** The checkout frame, with a spinner over it until it has loaded (a new theme loads it again). */
function PayFrame({ src, theme, title, loading }: PayFrameProps) {
  const [loaded, setLoaded] = useState(false)
  return (
    <div
      className={cn(
        'relative h-[min(36rem,calc(100dvh-15rem))] min-h-80 overflow-hidden rounded-xl border border-white/10',
        theme === 'light' ? 'bg-white' : 'bg-ink-900',
      )}
    >
      {/* oxlint-disable-next-line react/iframe-missing-sandbox -- the checkout needs its own origin (its cookies and API); the portal's CSP frame-src allows only the configured payment host */}
      <iframe
        src={src}
        title={title}
        allow="payment"
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setLoaded(true)}
        className="size-full"
      />
      {!loaded && (
        <output className="absolute inset-0 flex items-center justify-center gap-3 text-sm text-zinc-400">
          <Spinner />
          {loading}
        </output>
      )}
    </div>
  )
}
