import { useCallback, useEffect, useRef, useState } from 'react'
import { RESTART_LOCKOUT_MS } from '@/lib/constants'

/** After a restart is asked for, the card stays disabled for 40 s (spec 001 §4, §9). */
export function useRestartLock(durationMs: number = RESTART_LOCKOUT_MS) {
  const [locked, setLocked] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const lock = useCallback(() => {
    clearTimeout(timer.current)
    setLocked(true)
    timer.current = setTimeout(() => setLocked(false), durationMs)
  }, [durationMs])
  return { locked, lock }
}
