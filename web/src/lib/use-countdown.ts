import { useCallback, useEffect, useState } from 'react'

/** Whole seconds counting down to 0, one step per second. */
export function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  const start = useCallback((seconds: number) => setLeft(seconds), [])
  return [left, start] as const
}
