import { useTranslation } from 'react-i18next'
import { areaPath, linePath, summarize, type Point } from './players-chart-model'

const WIDTH = 600
const HEIGHT = 120

/** Players online over the last 24 h as an inline SVG area (the web's way of drawing charts), summarised in text. */
export function PlayersChart({ points }: { points: readonly Point[] }) {
  const { t } = useTranslation('console')
  const summary = summarize(points)
  if (!summary) return <p className="text-sm text-zinc-500">{t('dashboard.noHistory')}</p>
  const text = t('dashboard.chartSummary', { ...summary })
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-label={`${t('dashboard.players24h')}: ${text}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full"
      >
        <path d={areaPath(points, WIDTH, HEIGHT)} className="fill-brand-500/15" />
        <path
          d={linePath(points, WIDTH, HEIGHT)}
          className="fill-none stroke-brand-400"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="text-xs text-zinc-400">{text}</figcaption>
    </figure>
  )
}
