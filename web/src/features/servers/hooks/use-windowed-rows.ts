import { useEffect, useRef, useState } from 'react'

/** Viewport height assumed before the container has been measured (and in jsdom, which has no layout). */
const FALLBACK_VIEWPORT_PX = 640

/**
 * Hand-written windowing for rows of a fixed height inside a scroll container: only the rows in
 * view (plus `overscan` on each side) are rendered; spacers keep the scroll height right.
 */
export function useWindowedRows(count: number, rowHeight: number, onScroll?: () => void, overscan = 8) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(0)
  const onScrollRef = useRef(onScroll)
  useEffect(() => {
    onScrollRef.current = onScroll
  })

  useEffect(() => {
    const element = ref.current
    if (!element) return
    let frame = 0
    const handleScroll = () => {
      onScrollRef.current?.()
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => setScrollTop(element.scrollTop))
    }
    const observer = new ResizeObserver(() => setHeight(element.clientHeight))
    element.addEventListener('scroll', handleScroll, { passive: true })
    observer.observe(element)
    setHeight(element.clientHeight)
    return () => {
      cancelAnimationFrame(frame)
      element.removeEventListener('scroll', handleScroll)
      observer.disconnect()
    }
  }, [])

  const viewport = height || FALLBACK_VIEWPORT_PX
  const start = Math.min(count, Math.max(0, Math.floor(scrollTop / rowHeight) - overscan))
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan)
  return { ref, start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight }
}
