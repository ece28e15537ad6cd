import { useEffect, useRef, useState } from 'react'

/** Viewport height assumed before the window has been measured. */
const FALLBACK_VIEWPORT_PX = 640

/**
 * Hand-written windowing for rows of a fixed height in a list that scrolls with the page (no
 * scroll box of its own: the page scrolls as one, down to the last row): only the rows inside the
 * window (plus `overscan` on each side) are rendered; spacers keep the page height right. `ref`
 * goes on the element the rows start in (the table body).
 */
export function useWindowedRows<T extends HTMLElement>(count: number, rowHeight: number, overscan = 8) {
  const ref = useRef<T>(null)
  // Where the rows start, relative to the top of the window (negative once scrolled past).
  const [top, setTop] = useState(0)
  // The viewport's height needs no layout to read: the first render already windows by it.
  const [height, setHeight] = useState(() => window.innerHeight)
  useEffect(() => {
    let frame = 0
    const measure = () => {
      const element = ref.current
      if (!element) return
      setTop(element.getBoundingClientRect().top)
      setHeight(window.innerHeight)
    }
    const measureNextFrame = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(measure)
    }
    window.addEventListener('scroll', measureNextFrame, { passive: true })
    window.addEventListener('resize', measureNextFrame)
    // Content above the list (the filters, an announcement) can change height without a scroll.
    // The observer also reports the body once it is first laid out, after the list's first commit:
    // measuring there rather than at once reads a finished layout instead of forcing one (issue 17).
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', measureNextFrame)
      window.removeEventListener('resize', measureNextFrame)
      observer.disconnect()
    }
  }, [])

  const viewport = height || FALLBACK_VIEWPORT_PX
  const scrolled = Math.max(0, -top)
  const start = Math.min(count, Math.max(0, Math.floor(scrolled / rowHeight) - overscan))
  const end = Math.min(count, Math.max(start, Math.ceil((viewport - top) / rowHeight) + overscan))
  return { ref, start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight }
}
