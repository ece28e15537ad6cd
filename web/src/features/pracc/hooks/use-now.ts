import { useEffect, useState } from 'react'

/** The current time, renewed every `intervalMs`: a card whose expiry passes while the page is open turns expired. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
