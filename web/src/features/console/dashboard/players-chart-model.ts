// The geometry of the dashboard's players-over-24h sparkline: pure, so it can be tested.
export interface Point {
  at: number
  players: number
}

export interface ChartSummary {
  min: number
  max: number
  last: number
}

export function summarize(points: readonly Point[]): ChartSummary | null {
  if (points.length === 0) return null
  const values = points.map((point) => point.players)
  return { min: Math.min(...values), max: Math.max(...values), last: values[values.length - 1] }
}

/**
 * An SVG path through the points, oldest left, in a width × height box with 0 players at the
 * bottom and the highest count at the top; a single point is a flat line. Points are sorted by time.
 */
export function linePath(points: readonly Point[], width: number, height: number): string {
  if (points.length === 0) return ''
  const sorted = [...points].sort((a, b) => a.at - b.at)
  const first = sorted[0].at
  const span = sorted[sorted.length - 1].at - first
  const top = Math.max(1, ...sorted.map((point) => point.players))
  const x = (at: number) => (span === 0 ? 0 : ((at - first) / span) * width)
  const y = (players: number) => height - (Math.max(0, players) / top) * height
  const coords = sorted.map((point) => `${round(x(point.at))},${round(y(point.players))}`)
  if (sorted.length === 1) coords.push(`${width},${round(y(sorted[0].players))}`)
  return `M${coords.join('L')}`
}

/** The same line closed along the bottom edge, for the filled area under it. */
export function areaPath(points: readonly Point[], width: number, height: number): string {
  const line = linePath(points, width, height)
  if (!line) return ''
  // The line always ends at the right edge (a single point is drawn across the whole width).
  return `${line}L${width},${height}L0,${height}Z`
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}
