import { ArrowLeft, CircleAlert, Crosshair, RotateCcw, Swords, Users, type LucideIcon } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/ui/copy-button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { QUICK_JOIN_DELAY_MS } from '@/lib/constants'
import { useVipStatus } from '@/lib/memberships/use-vip-status'
import { useSessionUser } from '@/lib/session'
import {
  joinableServers,
  pickQuickJoinServer,
  QUICK_JOIN_CATEGORIES,
  requiredFreeSlots,
  type QuickJoinCategory,
  type QuickJoinResult,
} from '../model/quick-join'
import { connectCommand, type ServerItem } from '../model/server-model'
import { JoinButton } from './join-button'
import { regionLabel } from './server-labels'

const ICONS: Record<QuickJoinCategory, LucideIcon> = {
  deathmatch: Crosshair,
  retakes: RotateCcw,
  solo: Swords,
  public: Users,
}

type View = { step: 'choose' } | { step: 'searching' } | { step: 'result'; result: QuickJoinResult }

export interface QuickJoinDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The full, unfiltered list. */
  servers: readonly ServerItem[]
}

/** Quick join (spec 000 §4.6): pick a category, wait 500 ms, get one server with just enough free slots. */
export function QuickJoinDialog({ open, onOpenChange, servers }: QuickJoinDialogProps) {
  const { t } = useTranslation('servers-extra')
  const [view, setView] = useState<View>({ step: 'choose' })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const user = useSessionUser()
  // Asked afresh each time the modal opens, and only while someone is logged in (spec 000 §4.6);
  // until it answers, and on any failure, 'none'.
  const vip = useVipStatus(open ? user?.steamId : null, { refetchOnStart: true })
  const required = requiredFreeSlots(vip?.type)
  const requiredRef = useRef(required)
  useEffect(() => {
    requiredRef.current = required
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  const counts = useMemo(
    () =>
      Object.fromEntries(
        QUICK_JOIN_CATEGORIES.map((category) => [category, joinableServers(servers, category, required).length]),
      ) as Record<QuickJoinCategory, number>,
    [servers, required],
  )

  const reset = () => {
    clearTimeout(timer.current)
    setView({ step: 'choose' })
  }

  const choose = (category: QuickJoinCategory) => {
    setView({ step: 'searching' })
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      let result: QuickJoinResult
      try {
        result = pickQuickJoinServer(servers, category, requiredRef.current)
      } catch {
        result = { ok: false, error: 'failed' }
      }
      setView({ step: 'result', result })
    }, QUICK_JOIN_DELAY_MS)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset()
        onOpenChange(next)
      }}
      title={t('quickJoin.title')}
      description={t('quickJoin.description')}
    >
      {view.step === 'choose' && (
        <div className="grid grid-cols-2 gap-3">
          {QUICK_JOIN_CATEGORIES.map((category) => {
            const Icon = ICONS[category]
            const count = counts[category]
            return (
              <button
                key={category}
                type="button"
                disabled={count === 0}
                onClick={() => choose(category)}
                className={cn(
                  'focus-ring group flex cursor-pointer flex-col items-start gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-4 text-left transition-colors',
                  'hover:border-brand-500/50 hover:bg-brand-500/[0.06] disabled:cursor-not-allowed disabled:opacity-45 disabled:hover:border-white/[0.08] disabled:hover:bg-white/[0.03]',
                )}
              >
                <span className="grid size-10 place-items-center rounded-lg bg-brand-500/10 text-brand-400">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-white">{t(`quickJoin.categories.${category}`)}</span>
                  <span className="block text-xs text-zinc-500">
                    {count === 0 ? t('quickJoin.noServers') : t('quickJoin.serverCount', { count })}
                  </span>
                </span>
              </button>
            )
          })}
          <p className="col-span-2 text-xs text-zinc-500">{t('quickJoin.slots', { slots: required })}</p>
        </div>
      )}
      {view.step === 'searching' && (
        <output className="flex flex-col items-center gap-3 py-10 text-sm text-zinc-300">
          <Spinner className="size-8" />
          {t('quickJoin.searching')}
        </output>
      )}
      {view.step === 'result' && (
        <div className="flex flex-col gap-4">
          <button
            type="button"
            onClick={reset}
            className="focus-ring -ml-1 inline-flex cursor-pointer items-center gap-1.5 self-start rounded-md px-1 py-0.5 text-sm text-zinc-400 hover:text-white"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('quickJoin.back')}
          </button>
          {view.result.ok ? (
            <QuickJoinResultCard server={view.result.server} />
          ) : (
            <p role="alert" className="flex items-center gap-2 rounded-xl border border-danger-500/30 bg-danger-500/10 p-4 text-sm text-danger-400">
              <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
              {t(`quickJoin.errors.${view.result.error}`)}
            </p>
          )}
        </div>
      )}
    </Dialog>
  )
}

function QuickJoinResultCard({ server }: { server: ServerItem }) {
  const { t } = useTranslation('servers-extra')
  const { t: listT } = useTranslation('servers')
  return (
    <section aria-label={t('quickJoin.found')} className="rounded-xl border border-brand-500/30 bg-brand-500/[0.06] p-4">
      <p className="text-xs font-semibold text-brand-300">{t('quickJoin.found')}</p>
      <p className="mt-1 truncate text-lg font-bold text-white">{server.displayName}</p>
      <p className="mt-1 text-sm text-zinc-400">
        <span className="font-mono">{server.map}</span> · {regionLabel(listT, server.region)} ·{' '}
        <span className="font-mono tabular-nums">
          {server.current}/{server.maxSlots}
        </span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <CopyButton text={connectCommand(server)} label={listT('row.copy')} size="md" />
        <JoinButton server={server} label={t('quickJoin.join')} size="md" />
      </div>
    </section>
  )
}
