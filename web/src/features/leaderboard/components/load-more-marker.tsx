import { useEffect, useState } from 'react'

interface LoadMoreMarkerProps {
  /** Another page exists and nothing is loading. */
  canLoadMore: boolean
  onLoadMore: () => void
  /** Count of failed fetches of the list so far. */
  failures: number
  /** Changes whenever rows are added (the number of rows will do). */
  rows: number
}

interface Sighting {
  inView: boolean
  /** The `rows` the observer that reported it was started for. */
  rows: number
  /** How many times the marker has come into view. */
  count: number
}

/**
 * The end of the list: when it is in view at all (threshold 0), the next page loads (spec 001 §4).
 *
 * Added rows push the marker down, but the observer only reports that a frame later, so a report
 * made before the rows arrived is not trusted: a fresh observer is started for every new row count
 * and its first report (the marker's real position) decides. A screen taller than a page still
 * fills up, as that report then says "in view". After a failed page the marker waits to leave and
 * come back before trying again, instead of retrying in a loop. Mount it with the list's identity
 * as key, so a new list starts with fresh state.
 */
export function LoadMoreMarker({ canLoadMore, onLoadMore, failures, rows }: LoadMoreMarkerProps) {
  const [marker, setMarker] = useState<HTMLDivElement | null>(null)
  const [sighting, setSighting] = useState<Sighting>({ inView: false, rows, count: 0 })
  const [failureSeen, setFailureSeen] = useState({ failures, atCount: -1 })
  if (failures !== failureSeen.failures) setFailureSeen({ failures, atCount: sighting.count })
  const blocked = failureSeen.atCount === sighting.count
  const inView = sighting.inView && sighting.rows === rows

  useEffect(() => {
    // Every supported browser has it; test environments without it simply get no infinite scroll.
    if (!marker || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting)
        setSighting((current) => {
          const wasInView = current.inView && current.rows === rows
          if (wasInView === visible && current.rows === rows) return current
          return { inView: visible, rows, count: current.count + (visible && !wasInView ? 1 : 0) }
        })
      },
      { threshold: 0 },
    )
    observer.observe(marker)
    return () => observer.disconnect()
  }, [marker, rows])

  useEffect(() => {
    if (inView && canLoadMore && !blocked) onLoadMore()
  }, [inView, canLoadMore, blocked, onLoadMore])

  return <div ref={setMarker} data-testid="load-more-marker" aria-hidden="true" className="h-px w-full" />
}
