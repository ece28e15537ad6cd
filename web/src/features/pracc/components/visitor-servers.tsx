import { Lock, LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonClasses } from '@/components/ui/button-classes'
import { useLoginExpired } from '@/lib/session'
import { Link } from '@/components/ui/link'

/** Made-up cards behind the blur: shapes only, no text a screen reader or a search could find. */
const MOCK_CARDS = [
  { id: 1, tone: 'bg-emerald-400' },
  { id: 2, tone: 'bg-sky-400' },
  { id: 3, tone: 'bg-emerald-400' },
  { id: 4, tone: 'bg-red-500' },
]

function MockCard({ tone }: { tone: string }) {
  return (
    <div className="flex w-full flex-col gap-3 rounded-2xl border border-white/10 bg-ink-800 p-4 sm:w-[500px]">
      <div className="flex items-center gap-2">
        <span className={`size-2.5 rounded-full ${tone}`} />
        <span className="h-3 w-32 rounded bg-white/25" />
        <span className="ml-auto h-4 w-12 rounded-full bg-brand-500/30" />
      </div>
      <span className="h-2.5 w-48 rounded bg-white/15" />
      <span className="h-2.5 w-40 rounded bg-white/10" />
      <div className="flex flex-wrap gap-2">
        {[16, 20, 14, 18, 16].map((width, index) => (
          <span key={index} className="h-7 rounded-md bg-white/[0.08]" style={{ width: `${width * 4}px` }} />
        ))}
      </div>
    </div>
  )
}

/**
 * What a visitor sees under "My servers" (spec 001 §2.2, §6): a blurred mock list and a "login
 * required" overlay with the way in. After a refused login it says the login expired.
 */
export function VisitorServers({ onLogin }: { onLogin?: () => void }) {
  const { t } = useTranslation('pracc')
  const expired = useLoginExpired()
  const action = (
    <>
      <LogIn aria-hidden="true" />
      {t('visitor.action')}
    </>
  )
  return (
    <div className="relative min-h-80 overflow-hidden rounded-2xl border border-white/[0.07] bg-ink-900">
      <div
        aria-hidden="true"
        inert
        data-testid="visitor-mock-list"
        className="pointer-events-none flex flex-wrap gap-4 p-4 blur-sm select-none"
      >
        {MOCK_CARDS.map(({ id, tone }) => (
          <MockCard key={id} tone={tone} />
        ))}
      </div>
      <div className="absolute inset-0 grid place-items-center bg-ink-950/40 p-4">
        <div className="flex max-w-sm flex-col items-center gap-3 rounded-2xl border border-white/10 bg-ink-850/95 px-6 py-7 text-center shadow-2xl shadow-black/50">
          <span className="grid size-12 place-items-center rounded-full bg-brand-500/10 text-brand-400">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <h3 className="text-lg font-bold text-white">{t('visitor.title')}</h3>
          <p className="text-sm text-zinc-400">{expired ? t('myServers.tokenExpired') : t('visitor.body')}</p>
          {onLogin ? (
            <button type="button" className={buttonClasses('primary', 'md', 'mt-1')} onClick={onLogin}>
              {action}
            </button>
          ) : (
            // Without the shell's login dialog handed in, /login opens it.
            <Link to="/login" className={buttonClasses('primary', 'md', 'mt-1')}>
              {action}
            </Link>
          )}
        </div>
      </div>
    </div>
  )
}
