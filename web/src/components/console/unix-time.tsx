import { formatUnixTime } from '@/lib/console/format'

/**
 * Unix seconds as the console's GMT+8 "date time" that, in a narrow column, wraps only between the
 * date and the time (never inside the date at a hyphen); "—" for a missing time.
 */
export function UnixTime({ at }: { at: number | null | undefined }) {
  const text = formatUnixTime(at)
  if (!text) return <span className="text-zinc-500">—</span>
  const [date, time] = text.split(' ')
  return (
    <time dateTime={new Date((at as number) * 1000).toISOString()} className="tabular-nums">
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  )
}
