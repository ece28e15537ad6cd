import { ChevronRight, Users, X } from 'lucide-react'
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'
import { PLAYER_POPUP } from '@/lib/constants'
import { useFromSearch } from '@/lib/navigation'
import { usePlayerInfo } from '../hooks/use-player-info'
import { formatPlayTime } from '../model/play-time'
import type { ServerItem } from '../model/server-model'
import { Link } from '@/components/ui/link'

export interface PlayerPopupProps {
  server: ServerItem
  anchor: HTMLElement
  onClose: () => void
  /** Link to the details page (when its flag is on). */
  showDetailsLink: boolean
}

const GAP_PX = 6
const MARGIN_PX = 8
/** How far the name may move under a scroll before the popup, left behind, closes. */
const SCROLL_CLOSE_PX = 4

/**
 * The players of a server in a small non-modal popup (280 px wide, 240 px list, 40 px rows),
 * under the name or above it when there is no room. Closes on outside click, Escape, its close
 * button, or a scroll outside it that moves the name (it follows the name on resize); focus moves in on open and back
 * to the name on Escape or its close button.
 */
export function PlayerPopup({ server, anchor, onClose, showDetailsLink }: PlayerPopupProps) {
  const { t } = useTranslation('servers-extra')
  const from = useFromSearch()
  const titleId = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null)
  const players = usePlayerInfo(server.ip, server.port)

  useLayoutEffect(() => {
    const place = () => {
      const rect = anchor.getBoundingClientRect()
      const height = ref.current?.offsetHeight ?? 0
      const below = rect.bottom + GAP_PX
      const fitsBelow = below + height <= window.innerHeight - MARGIN_PX
      const top = fitsBelow || rect.top - GAP_PX - height < MARGIN_PX ? below : rect.top - GAP_PX - height
      const left = Math.max(MARGIN_PX, Math.min(rect.left, window.innerWidth - PLAYER_POPUP.widthPx - MARGIN_PX))
      setPosition({ top, left })
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [anchor])

  useEffect(() => {
    // preventScroll: focusing must not scroll the page, which would close the popup it just opened.
    ref.current?.focus({ preventScroll: true })
  }, [])

  useEffect(() => {
    const inside = (target: EventTarget | null) => target instanceof Node && Boolean(ref.current?.contains(target))
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target) && !anchor.contains(event.target as Node)) onClose()
    }
    // A scroll closes the popup once it moved the name away from it; a scroll event that moved
    // nothing (one queued before the popup opened, a layout nudge) leaves it open.
    const openedAt = anchor.getBoundingClientRect().top
    const onScroll = (event: Event) => {
      if (inside(event.target)) return
      if (Math.abs(anchor.getBoundingClientRect().top - openedAt) > SCROLL_CLOSE_PX) onClose()
    }
    document.addEventListener('pointerdown', onPointerDown)
    window.addEventListener('scroll', onScroll, true)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('scroll', onScroll, true)
    }
  }, [anchor, onClose])

  const closeAndReturn = useCallback(() => {
    onClose()
    anchor.focus()
  }, [anchor, onClose])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeAndReturn()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [closeAndReturn])

  return createPortal(
    <dialog
      open
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      style={{ width: PLAYER_POPUP.widthPx, top: position?.top ?? -9999, left: position?.left ?? -9999 }}
      className="fixed z-40 m-0 animate-pop-in overflow-hidden p-0 text-inherit rounded-xl border border-white/10 bg-ink-800 shadow-2xl shadow-black/60 focus:outline-none"
    >
      <div className="flex items-center gap-2 border-b border-white/[0.06] py-2 pr-1.5 pl-3">
        <Users className="size-4 shrink-0 text-brand-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p id={titleId} className="truncate text-sm font-semibold text-white">
            {t('popup.title')}
          </p>
          <p className="truncate text-xs text-zinc-500">{server.displayName}</p>
        </div>
        <button
          type="button"
          onClick={closeAndReturn}
          aria-label={t('popup.close')}
          className="focus-ring grid size-8 shrink-0 place-items-center rounded-md text-zinc-400 hover:bg-white/[0.06] hover:text-white"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div style={{ height: PLAYER_POPUP.listHeightPx }} className="overflow-y-auto">
        {players.isPending ? (
          <output className="flex h-full flex-col items-center justify-center gap-2 text-sm text-zinc-400">
            <Spinner />
            {t('popup.loading')}
          </output>
        ) : players.isError ? (
          <p role="alert" className="flex h-full items-center justify-center px-4 text-center text-sm text-danger-400">
            {t('details.fetchError')}
          </p>
        ) : players.data.length === 0 ? (
          <p className="flex h-full items-center justify-center px-4 text-center text-sm text-zinc-500">
            {t('details.noPlayers')}
          </p>
        ) : (
          <ul aria-labelledby={titleId}>
            {players.data.map((player, index) => (
              <li
                // Names are not unique; the list is replaced as a whole.
                // oxlint-disable-next-line react/no-array-index-key
                key={index}
                style={{ height: PLAYER_POPUP.rowHeightPx }}
                className="flex items-center justify-between gap-3 border-b border-white/[0.04] px-3 text-sm last:border-0"
              >
                {player.name.trim() ? (
                  <span className="truncate text-zinc-200">{player.name}</span>
                ) : (
                  // Stock CS2 sends empty names over A2S when no plugin or RCON names them.
                  <span className="truncate text-zinc-500">{t('popup.unnamed')}</span>
                )}
                <span className="shrink-0 font-mono text-xs text-zinc-400 tabular-nums">
                  {formatPlayTime(player.raw?.time)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {showDetailsLink && (
        <Link
          to={{ pathname: `/servers/details/${encodeURIComponent(server.id)}`, search: from }}
          className="focus-ring flex items-center justify-center gap-1.5 border-t border-white/[0.06] py-2 text-xs font-semibold text-brand-300 hover:bg-white/[0.04]"
        >
          {t('popup.viewDetails')}
          {/* An in-app page opened in place: a plain arrow, not the new-tab icon. */}
          <ChevronRight className="size-3.5" aria-hidden="true" />
        </Link>
      )}
    </dialog>,
    document.body,
  )
}
