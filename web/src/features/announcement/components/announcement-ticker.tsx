import { useQuery } from '@tanstack/react-query'
import { Megaphone } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { announcementOptions } from '../api/announcement-api'

/** Marquee speed in px per second. */
const SPEED_PX_S = 40
const GAP_PX = 48

/**
 * The header's announcement (max 400 px wide, set by the slot). It scrolls as a marquee only when
 * the text overflows and the user has not asked for reduced motion; a failed or empty answer shows
 * the translated default announcement.
 */
export function AnnouncementTicker() {
  const { t, i18n } = useTranslation('shell')
  const lang = i18n.language === 'en' ? 'en' : 'zh'
  const query = useQuery(announcementOptions(lang))
  return <AnnouncementTickerView text={query.data ?? t('header.defaultAnnouncement')} />
}

/**
 * The ticker showing `text` (the header's, or the console's live preview of an announcement being
 * edited, at the header's maximum width).
 */
export function AnnouncementTickerView({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('shell')
  const frame = useRef<HTMLDivElement>(null)
  const measure = useRef<HTMLSpanElement>(null)
  const [overflow, setOverflow] = useState(0)

  useEffect(() => {
    const box = frame.current
    const content = measure.current
    if (!box || !content) return
    const update = () => setOverflow(text && content.scrollWidth > box.clientWidth + 1 ? content.scrollWidth : 0)
    // The observer reports the box once it is laid out (and whenever it resizes): measuring there
    // reads a finished layout, where measuring at commit forced the whole page's (issue 17).
    const observer = new ResizeObserver(update)
    observer.observe(box)
    return () => observer.disconnect()
  }, [text])

  const scrolling = overflow > 0
  return (
    <section
      aria-label={label ?? t('header.announcement')}
      className="flex h-9 min-w-0 items-center gap-2 rounded-full border border-white/[0.07] bg-white/[0.03] pr-3 pl-2.5 text-sm text-zinc-300"
    >
      <Megaphone className="size-4 shrink-0 text-brand-400" aria-hidden="true" />
      <div ref={frame} className="group relative min-w-0 flex-1 overflow-hidden" title={text}>
        {/* The full text, measured and read by assistive technology; visually hidden while the marquee runs. */}
        <span
          ref={measure}
          data-testid="announcement-text"
          data-scrolling={scrolling}
          className={cn('block truncate', scrolling && 'motion-safe:sr-only')}
        >
          {text}
        </span>
        {scrolling && (
          <span
            aria-hidden="true"
            className="hidden w-max animate-marquee whitespace-nowrap group-hover:[animation-play-state:paused] motion-safe:flex"
            style={{
              gap: GAP_PX,
              animationDuration: `${Math.round(((overflow + GAP_PX) / SPEED_PX_S) * 1000)}ms`,
              ['--marquee-distance' as string]: `-${overflow + GAP_PX}px`,
            }}
          >
            <span>{text}</span>
            <span>{text}</span>
          </span>
        )}
      </div>
    </section>
  )
}
