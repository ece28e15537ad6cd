import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DISPLAY_TIME_ZONE } from '@/lib/constants'
import type { HistoryPoint } from '../api/server-schemas'

/** Drawn at the width it is shown at (1 unit = 1 CSS px), so the labels keep their size on phones. */
const DEFAULT_WIDTH = 720
const HEIGHT = 200
const FONT_PX = 11
const PAD = { top: 12, right: 8, bottom: 26 }
/** Room per x label (HH:MM at 11 px is about 32 px wide). */
const X_LABEL_SPACING_PX = 80
const MAX_Y_INTERVALS = 4

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DISPLAY_TIME_ZONE,
})
/** HH:MM in GMT+8. */
const hourOf = (unixSeconds: number) => timeFormat.format(unixSeconds * 1000)

/** Whole-number y ticks from 0, a step of 1, 2 or 5 × 10ⁿ, at most MAX_Y_INTERVALS intervals: no repeats. */
function yTicks(max: number): number[] {
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const base of [1, 2, 5]) {
      const step = base * magnitude
      const intervals = Math.ceil(max / step)
      if (intervals <= MAX_Y_INTERVALS) return Array.from({ length: intervals + 1 }, (_, i) => i * step)
    }
  }
}

const HOUR = 3600
/** Offset of the display time zone (GMT+8) from UTC, for whole local hours. */
const ZONE_OFFSET_S = 8 * HOUR

/**
 * Whole local hours between `first` and `last` (unix seconds), every 1, 2, 3, 4, 6, 8 or 12 hours:
 * the smallest step that leaves each label X_LABEL_SPACING_PX of the plot's width.
 */
function hourTicks(first: number, last: number, plotWidth: number): number[] {
  const span = Math.max(last - first, 1)
  const step =
    [1, 2, 3, 4, 6, 8, 12].find((hours) => (plotWidth * hours * HOUR) / span >= X_LABEL_SPACING_PX) ?? 24
  const size = step * HOUR
  const ticks: number[] = []
  for (let tick = Math.ceil((first + ZONE_OFFSET_S) / size) * size - ZONE_OFFSET_S; tick <= last; tick += size) {
    ticks.push(tick)
  }
  return ticks
}

/** The width of the element, kept up to date. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(DEFAULT_WIDTH)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

/**
 * Player count over 24 h as an inline SVG area chart, summarised for screen readers (label + hourly
 * table). `current` is the live count the page shows elsewhere: the chart ends at it (the last,
 * still running 5-minute bucket is drawn at the live count) so the page never shows two "now" numbers.
 */
export function HistoryChart({
  history,
  maxSlots,
  current,
}: {
  history: HistoryPoint[]
  maxSlots: number
  current: number
}) {
  const { t } = useTranslation('servers-extra')
  const gradientId = useId()
  const [frameRef, width] = useWidth<HTMLDivElement>()
  const data = useMemo(() => {
    const sorted = [...history].sort((a, b) => a.t - b.t)
    if (sorted.length > 0) sorted[sorted.length - 1] = { ...sorted[sorted.length - 1], players: current }
    return sorted
  }, [history, current])
  const stats = useMemo(() => {
    const counts = data.map((point) => point.players)
    const peak = Math.max(0, ...counts, ...history.map((point) => point.players))
    const average = counts.length ? Math.round(counts.reduce((sum, n) => sum + n, 0) / counts.length) : 0
    return { peak, average, current }
  }, [data, history, current])
  const hourly = useMemo(() => {
    const buckets = new Map<number, number>()
    // The history's own peaks, and the live count in the running hour.
    for (const point of [...history, ...data.slice(-1)]) {
      const hour = Math.floor(point.t / 3600) * 3600
      buckets.set(hour, Math.max(buckets.get(hour) ?? 0, point.players))
    }
    return [...buckets.entries()].sort(([a], [b]) => a - b)
  }, [history, data])

  return <div ref={frameRef}>{data.length < 2 ? <p className="text-sm text-zinc-500">{t('details.historyEmpty')}</p> : chart()}</div>

  function chart() {
    const yValues = yTicks(Math.max(stats.peak, maxSlots, 1))
    const top = yValues.at(-1)!
    const left = 10 + String(top).length * 7
    const first = data[0].t
    const last = data.at(-1)!.t
    const span = Math.max(last - first, 1)
    const plotWidth = Math.max(width - left - PAD.right, 1)
    const x = (time: number) => left + ((time - first) / span) * plotWidth
    const y = (players: number) => PAD.top + (1 - players / top) * (HEIGHT - PAD.top - PAD.bottom)
    const line = data.map((point, i) => `${i ? 'L' : 'M'}${x(point.t).toFixed(1)},${y(point.players).toFixed(1)}`).join('')
    const area = `${line}L${x(last).toFixed(1)},${y(0)}L${x(first).toFixed(1)},${y(0)}Z`
    const xTicks = hourTicks(first, last, plotWidth)
    // A label near an edge aligns to it so none is cut off; the others centre on their hour.
    const anchorOf = (tick: number) =>
      x(tick) - left < X_LABEL_SPACING_PX / 4 ? 'start' : left + plotWidth - x(tick) < X_LABEL_SPACING_PX / 4 ? 'end' : 'middle'
    const summary = t('details.historySummary', stats)

    return (
      <figure className="flex flex-col gap-2">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={summary}
          className="block h-auto w-full"
          style={{ fontSize: FONT_PX }}
        >
          <defs>
            <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="var(--color-brand-500)" stopOpacity="0.35" />
              <stop offset="100%" stopColor="var(--color-brand-500)" stopOpacity="0" />
            </linearGradient>
          </defs>
          <g data-axis="y">
            {yValues.map((value) => (
              <g key={value}>
                <line x1={left} x2={width - PAD.right} y1={y(value)} y2={y(value)} stroke="rgb(255 255 255 / 0.06)" />
                <text x={left - 6} y={y(value) + 4} textAnchor="end" className="fill-zinc-400">
                  {value}
                </text>
              </g>
            ))}
          </g>
          <g data-axis="x">
            {xTicks.map((tick) => (
              <text key={tick} x={x(tick)} y={HEIGHT - 8} textAnchor={anchorOf(tick)} className="fill-zinc-400">
                {hourOf(tick)}
              </text>
            ))}
          </g>
          <path d={area} fill={`url(#${gradientId})`} />
          <path d={line} fill="none" stroke="var(--color-brand-400)" strokeWidth="2" strokeLinejoin="round" />
          <circle cx={x(last)} cy={y(current)} r="4" fill="var(--color-brand-300)" />
        </svg>
        <figcaption className="text-xs text-zinc-500">{summary}</figcaption>
        <table className="sr-only">
          <caption>{t('details.historyTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('details.hour')}</th>
              <th scope="col">{t('details.peak')}</th>
            </tr>
          </thead>
          <tbody>
            {hourly.map(([hour, peak]) => (
              <tr key={hour}>
                <td>{hourOf(hour)}</td>
                <td>{peak}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    )
  }
}
