import { Lock, LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** Rarity colours of the made-up item tiles in the blurred placeholder. */
const TONES = [
  'from-sky-500/40',
  'from-violet-500/40',
  'from-fuchsia-500/40',
  'from-red-500/40',
  'from-brand-500/40',
  'from-sky-500/40',
  'from-violet-500/40',
  'from-sky-500/40',
  'from-fuchsia-500/40',
  'from-violet-500/40',
  'from-red-500/40',
  'from-sky-500/40',
]
/** Enough tiles to fill the placeholder at every width (two to six columns). */
const MOCK_TILES = [...TONES, ...TONES.slice().reverse()].map((tone, index) => ({ id: index, tone }))

/**
 * What a visitor sees (spec 001 §2.5, §6): a blurred stand-in of the inventory and a message that
 * login is needed, with a button that opens the login dialog.
 */
export function LoginRequired({ onLogin }: { onLogin?: () => void }) {
  const { t } = useTranslation('inventory')
  return (
    <div className="relative h-[32rem] overflow-hidden rounded-2xl border border-white/[0.07] bg-ink-900">
      <div
        aria-hidden="true"
        inert
        data-testid="inventory-placeholder"
        className="pointer-events-none grid grid-cols-2 gap-3 p-5 blur-sm select-none sm:grid-cols-4 lg:grid-cols-6"
      >
        {MOCK_TILES.map(({ id, tone }) => (
          <div
            key={id}
            className={`flex aspect-[4/3] flex-col justify-end rounded-xl border border-white/10 bg-gradient-to-t ${tone} to-ink-800 p-3`}
          >
            <span className="h-2 w-3/4 rounded bg-white/25" />
            <span className="mt-1.5 h-2 w-1/2 rounded bg-white/15" />
          </div>
        ))}
      </div>
      <div className="absolute inset-0 grid place-items-center bg-ink-950/40 p-4">
        <div className="flex max-w-sm flex-col items-center gap-3 rounded-2xl border border-white/10 bg-ink-850/95 px-6 py-7 text-center shadow-2xl shadow-black/50">
          <span className="grid size-12 place-items-center rounded-full bg-brand-500/10 text-brand-400">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <h2 className="text-lg font-bold text-white">{t('loginRequired.title')}</h2>
          <p className="text-sm text-zinc-400">{t('loginRequired.body')}</p>
          {onLogin && (
            <Button className="mt-1" onClick={onLogin}>
              <LogIn aria-hidden="true" />
              {t('loginRequired.action')}
            </Button>
          )}
        </div>
      </div>
    </div>
  )
}
