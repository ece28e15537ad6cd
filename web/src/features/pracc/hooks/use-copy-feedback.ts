import { useCallback, useEffect, useRef, useState } from 'react'
import { COPY_FEEDBACK_MS } from '@/lib/constants'

export type CopyState = 'idle' | 'copied' | 'failed'

/** Copies a text and tells so for 2 s (spec 001 §9). */
export function useCopyFeedback() {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback(async (text: string) => {
    let next: CopyState = 'copied'
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      next = 'failed'
    }
    setState(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS)
  }, [])
  return { state, copy }
}
