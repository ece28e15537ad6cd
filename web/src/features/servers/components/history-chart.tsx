import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DISPLAY_TIME_ZONE } from '@/lib/constants'
import type { HistoryPoint } from '../api/server-schemas'

const WIDTH = 720
const HEIGHT = 200
const PAD = { top: 12, right: 8, bottom: 24, left: 32 }

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DISPLAY_TIME_ZONE,
})
/** HH:MM in GMT+8. */
const hourOf = (unixSeconds: number) => timeFormat.format(unixSeconds * 1000)

/** Player count over 24 h as an inline SVG area chart, summarised for screen readers (label + hourly table). */
export function HistoryChart({ history, maxSlots }: { history: HistoryPoint[]; maxSlots: number }) {
  const { t } = useTranslation('servers')
  const gradientId = useId()
  const data = useMemo(() => [...history].sort((a, b) => a.t - b.t), [history])
  const stats = useMemo(() => {
    const counts = data.map((point) => point.players)
    const peak = Math.max(0, ...counts)
    const average = counts.length ? Math.round(counts.reduce((sum, n) => sum + n, 0) / counts.length) : 0
    return { peak, average, current: counts.at(-1) ?? 0 }
  }, [data])
  const hourly = useMemo(() => {
    const buckets = new Map<number, number>()
    for (const point of data) {
      const hour = Math.floor(point.t / 3600) * 3600
      buckets.set(hour, Math.max(buckets.get(hour) ?? 0, point.players))
    }
    return [...buckets.entries()]
  }, [data])

  if (data.length < 2) return <p className="text-sm text-zinc-500">{t('details.historyEmpty')}</p>

  const top = Math.max(stats.peak, maxSlots, 1)
  const first = data[0].t
  const span = Math.max(data.at(-1)!.t - first, 1)
  const x = (time: number) => PAD.left + ((time - first) / span) * (WIDTH - PAD.left - PAD.right)
  const y = (players: number) => PAD.top + (1 - players / top) * (HEIGHT - PAD.top - PAD.bottom)
  const line = data.map((point, i) => `${i ? 'L' : 'M'}${x(point.t).toFixed(1)},${y(point.players).toFixed(1)}`).join('')
  const area = `${line}L${x(data.at(-1)!.t).toFixed(1)},${y(0)}L${x(first).toFixed(1)},${y(0)}Z`
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => first + f * span)
  const summary = t('details.historySummary', stats)

  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full">
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--color-brand-500)" stopOpacity="0.35" />
            <stop offset="100%" stopColor="var(--color-brand-500)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * f)} y2={y(top * f)} stroke="rgb(255 255 255 / 0.06)" />
            <text x={PAD.left - 6} y={y(top * f) + 4} textAnchor="end" className="fill-zinc-500 text-[10px]">
              {Math.round(top * f)}
            </text>
          </g>
        ))}
        {ticks.map((tick) => (
          <text key={tick} x={x(tick)} y={HEIGHT - 6} textAnchor="middle" className="fill-zinc-500 text-[10px]">
            {hourOf(tick)}
          </text>
        ))}
        <path d={area} fill={`url(#${gradientId})`} />
        <path d={line} fill="none" stroke="var(--color-brand-400)" strokeWidth="2" strokeLinejoin="round" />
        <circle cx={x(data.at(-1)!.t)} cy={y(stats.current)} r="4" fill="var(--color-brand-300)" />
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
