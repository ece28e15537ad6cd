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

/** True while `active`, and for `delayMs` after it turns false. */
export function useTrailingFlag(active: boolean, delayMs: number): boolean {
  const [flag, setFlag] = useState(active)
  if (active && !flag) setFlag(true)
  useEffect(() => {
    if (active || !flag) return
    const timer = setTimeout(() => setFlag(false), delayMs)
    return () => clearTimeout(timer)
  }, [active, flag, delayMs])
  return flag
}
