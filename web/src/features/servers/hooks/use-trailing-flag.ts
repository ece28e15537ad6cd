import { useEffect, useState } from 'react'

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
