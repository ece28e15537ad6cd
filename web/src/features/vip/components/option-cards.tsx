import { CreditCard, ExternalLink, MonitorSmartphone, Sparkles, Store, type LucideIcon } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-classes'
import { cn } from '@/lib/cn'
import { useAppConfig } from '@/lib/config/config-context'
import { useInstallState } from '../hooks/use-install-prompt'
import { promptInstall } from '../model/install-prompt'
import { InstallDialog } from './install-dialog'

interface OptionCardProps {
  icon: LucideIcon
  title: string
  body: string
  /** The recommended option is marked and stands out. */
  recommended?: boolean
  children: ReactNode
}

function OptionCard({ icon: Icon, title, body, recommended = false, children }: OptionCardProps) {
  const { t } = useTranslation('vip')
  const titleId = useId()
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col gap-4 rounded-2xl border p-5 sm:p-6',
        recommended
          ? 'border-brand-500/40 bg-gradient-to-b from-brand-500/[0.09] to-ink-850/80 shadow-[0_10px_40px_-20px_rgb(255_154_31/0.6)]'
          : 'border-white/[0.07] bg-ink-850/80',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-xl border',
            recommended ? 'border-brand-500/40 bg-brand-500/15 text-brand-300' : 'border-white/10 bg-white/[0.04] text-zinc-300',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {recommended && (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-500 px-2.5 py-1 text-xs font-bold text-ink-950">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {t('options.recommended')}
          </span>
        )}
      </div>
      <div className="flex-1">
        <h3 id={titleId} className="text-base font-bold text-white">
          {title}
        </h3>
        <p className="mt-1.5 text-sm text-zinc-400">{body}</p>
      </div>
      <div className="flex flex-col gap-2">{children}</div>
    </li>
  )
}

interface OptionCardsProps {
  loggedIn: boolean
  onSelfPay: () => void
}

/** The three ways to subscribe (spec 000 §2.8): pay for myself, a VIP card, the installed app. */
export function OptionCards({ loggedIn, onSelfPay }: OptionCardsProps) {
  const { t } = useTranslation('vip')
  const { links } = useAppConfig()
  const hintId = useId()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="sr-only">
        {t('options.label')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        <OptionCard icon={CreditCard} title={t('options.self.title')} body={t('options.self.body')} recommended>
          <Button
            size="lg"
            disabled={!loggedIn}
            aria-describedby={loggedIn ? undefined : hintId}
            onClick={onSelfPay}
            className="w-full"
          >
            {t('options.self.action')}
          </Button>
          {!loggedIn && (
            <p id={hintId} className="text-center text-xs text-brand-300">
              {t('options.self.loginHint')}
            </p>
          )}
        </OptionCard>
        <OptionCard icon={Store} title={t('options.card.title')} body={t('options.card.body')}>
          <a
            href={links.vipStore}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'lg', 'w-full')}
          >
            {t('options.card.action')}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">{t('options.newTab')}</span>
          </a>
        </OptionCard>
        <PwaCard />
      </ul>
    </section>
  )
}

/** Subscribing through the installed app: the browser's prompt where it offers one, else the steps. */
function PwaCard() {
  const { t } = useTranslation('vip')
  const install = useInstallState()
  const [stepsOpen, setStepsOpen] = useState(false)
  return (
    <OptionCard icon={MonitorSmartphone} title={t('options.pwa.title')} body={t('options.pwa.body')}>
      {install.kind === 'installed' ? (
        <output className="block rounded-xl border border-signal-400/30 bg-signal-400/10 px-3 py-2.5 text-center text-sm text-signal-400">
          {t('options.pwa.installed')}
        </output>
      ) : install.kind === 'prompt' ? (
        <Button variant="secondary" size="lg" className="w-full" onClick={() => void promptInstall()}>
          {t('options.pwa.install')}
        </Button>
      ) : (
        <Button variant="secondary" size="lg" className="w-full" onClick={() => setStepsOpen(true)}>
          {t('options.pwa.steps')}
        </Button>
      )}
      <InstallDialog open={stepsOpen} onOpenChange={setStepsOpen} />
    </OptionCard>
  )
}
