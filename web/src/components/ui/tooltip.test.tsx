import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// Tooltip before Radix's tooltip code has arrived (a page's first hover or focus). The test setup
// loads that code up front; a fresh module graph here starts without it.
async function freshTooltip() {
  vi.resetModules()
  const [{ Tooltip }, { tooltipPanel }] = await Promise.all([import('./tooltip'), import('./lazy-parts')])
  expect(tooltipPanel.get()).toBeUndefined()
  return Tooltip
}

describe('Tooltip on its first use', () => {
  beforeEach(() => {
    vi.useRealTimers()
  })

  it('opens for the hover that loaded it', async () => {
    const Tooltip = await freshTooltip()
    const user = userEvent.setup()
    render(
      <Tooltip content="离线服务器无法加入" delayMs={0}>
        <button type="button">加入</button>
      </Tooltip>,
    )
    await user.hover(screen.getByRole('button', { name: '加入' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('离线服务器无法加入')
  })

  it('opens for the keyboard focus that loaded it, and the trigger keeps the focus', async () => {
    const Tooltip = await freshTooltip()
    const user = userEvent.setup()
    render(
      <Tooltip content="离线服务器无法加入">
        <button type="button">加入</button>
      </Tooltip>,
    )
    await user.tab()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('离线服务器无法加入')
    await waitFor(() => expect(screen.getByRole('button', { name: '加入' })).toHaveFocus())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument())
  })

  it('lets a click pressed before the code arrived reach the trigger, then puts the tooltip in place', async () => {
    const Tooltip = await freshTooltip()
    const clicked = vi.fn<() => void>()
    render(
      <Tooltip content="离线服务器无法加入" delayMs={0}>
        <button type="button" onClick={clicked}>
          加入
        </button>
      </Tooltip>,
    )
    const bare = screen.getByRole('button', { name: '加入' })
    fireEvent.pointerEnter(bare)
    fireEvent.pointerDown(bare)
    // The code arrives while the button is held down: the trigger must not be re-created yet.
    const { tooltipPanel } = await import('./lazy-parts')
    await tooltipPanel.load()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.getByRole('button', { name: '加入' })).toBe(bare)
    fireEvent.pointerUp(bare)
    fireEvent.click(bare)
    expect(clicked).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.getByRole('button', { name: '加入' })).toHaveAttribute('data-state'))
  })

  it('stays closed when the pointer left before the code arrived', async () => {
    const Tooltip = await freshTooltip()
    render(
      <Tooltip content="离线服务器无法加入" delayMs={0}>
        <button type="button">加入</button>
      </Tooltip>,
    )
    // In and out within one task: the code cannot have arrived in between.
    const bare = screen.getByRole('button', { name: '加入' })
    fireEvent.pointerEnter(bare)
    fireEvent.pointerLeave(bare)
    const { tooltipPanel } = await import('./lazy-parts')
    await tooltipPanel.load()
    // The panel has replaced the bare trigger (Radix marks its trigger with data-state).
    await waitFor(() => expect(screen.getByRole('button', { name: '加入' })).toHaveAttribute('data-state'))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })
})
