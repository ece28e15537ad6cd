import { act, renderHook } from '@testing-library/react'
import type { KeyboardEvent, PointerEvent } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HOLD_TO_CONFIRM_MS } from '@/lib/constants'
import { useHoldToConfirm } from './use-hold-to-confirm'

const pointer = { button: 0 } as PointerEvent
const key = (k: string, repeat = false) => ({ key: k, repeat, preventDefault: vi.fn<() => void>() }) as unknown as KeyboardEvent

function setup(disabled = false) {
  const onConfirm = vi.fn<() => void>()
  const view = renderHook((props: { disabled: boolean }) => useHoldToConfirm({ onConfirm, disabled: props.disabled }), {
    initialProps: { disabled },
  })
  return { ...view, onConfirm }
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useHoldToConfirm', () => {
  it('confirms once after 2 s held, showing the progress on the way', async () => {
    const { result, onConfirm } = setup()
    act(() => result.current.handlers.onPointerDown(pointer))
    expect(result.current.holding).toBe(true)
    await advance(HOLD_TO_CONFIRM_MS / 4)
    expect(result.current.progress).toBeCloseTo(0.25, 1)
    await advance((HOLD_TO_CONFIRM_MS * 3) / 4)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(result.current.progress).toBe(1)
    await advance(HOLD_TO_CONFIRM_MS)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    act(() => result.current.handlers.onPointerUp())
    expect(result.current.progress).toBe(0)
  })

  it.each([
    ['letting go', 'onPointerUp'],
    ['leaving the button', 'onPointerLeave'],
    ['a cancelled pointer', 'onPointerCancel'],
    ['losing focus', 'onBlur'],
  ] as const)('%s before 2 s starts over', async (_label, handler) => {
    const { result, onConfirm } = setup()
    act(() => result.current.handlers.onPointerDown(pointer))
    await advance(HOLD_TO_CONFIRM_MS - 50)
    act(() => result.current.handlers[handler]())
    expect(result.current.progress).toBe(0)
    await advance(HOLD_TO_CONFIRM_MS)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('Space and Enter hold like the pointer; key repeats do not restart; other keys do nothing', async () => {
    const { result, onConfirm } = setup()
    const space = key(' ')
    act(() => result.current.handlers.onKeyDown(key('a')))
    expect(result.current.holding).toBe(false)
    act(() => result.current.handlers.onKeyDown(space))
    expect(space.preventDefault).toHaveBeenCalled()
    await advance(1000)
    act(() => result.current.handlers.onKeyDown(key(' ', true)))
    await advance(1000)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    act(() => result.current.handlers.onKeyUp(key(' ')))
    act(() => result.current.handlers.onKeyDown(key('Enter')))
    await advance(500)
    act(() => result.current.handlers.onKeyUp(key('Enter')))
    await advance(HOLD_TO_CONFIRM_MS)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('a disabled button does not start, and one disabled mid-hold lets go', async () => {
    const { result, onConfirm, rerender } = setup(true)
    act(() => result.current.handlers.onPointerDown(pointer))
    await advance(HOLD_TO_CONFIRM_MS)
    expect(onConfirm).not.toHaveBeenCalled()

    rerender({ disabled: false })
    act(() => result.current.handlers.onPointerDown(pointer))
    await advance(1000)
    rerender({ disabled: true })
    expect(result.current.progress).toBe(0)
    await advance(HOLD_TO_CONFIRM_MS)
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
