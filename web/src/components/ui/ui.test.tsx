import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Button } from './button'
import { CopyButton } from './copy-button'
import { Dialog } from './dialog'
import { Dropdown } from './dropdown'
import { LoadingOverlay } from './loading-overlay'
import { Switch } from './switch'
import { ToastProvider } from './toast'
import { useToast } from './toast-context'
import { Tooltip } from './tooltip'

describe('with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    // Testing Library flushes its async wrapper with a 0 ms timer and only advances it for `jest`.
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })
  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })

  it('CopyButton copies and says so for 2 s', async () => {
    const user = setup()
    render(<CopyButton text="connect 1.2.3.4:27015" label="复制连接命令" />)
    await user.click(screen.getByRole('button', { name: '复制连接命令' }))

    await expect(navigator.clipboard.readText()).resolves.toBe('connect 1.2.3.4:27015')
    expect(screen.getByRole('button', { name: '已复制' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('已复制')

    act(() => vi.advanceTimersByTime(1_900))
    expect(screen.getByRole('button', { name: '已复制' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(200))
    expect(screen.getByRole('button', { name: '复制连接命令' })).toBeInTheDocument()
  })

  it('Toast closes by itself after 5 s', async () => {
    function Trigger() {
      const { toast } = useToast()
      return <Button onClick={() => toast({ title: '已保存', description: '设置已更新' })}>go</Button>
    }
    // The toasts' code loads with the first toast; here it is loaded before the clock matters.
    await import('./toast-viewport')
    const user = setup()
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'go' }))
    const region = await screen.findByRole('region', { name: /通知/ })
    expect(within(region).getByText('设置已更新')).toBeInTheDocument()

    act(() => vi.advanceTimersByTime(4_900))
    expect(within(region).queryByText('设置已更新')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(300))
    expect(within(region).queryByText('设置已更新')).not.toBeInTheDocument()
  })

  it.each([
    [undefined, 700],
    [50, 50],
  ])('Tooltip opens after its delay (%s → %i ms)', async (delayMs, expected) => {
    const user = setup()
    render(
      <Tooltip content="离线服务器无法加入" delayMs={delayMs}>
        <button type="button">加入</button>
      </Tooltip>,
    )
    await user.hover(screen.getByRole('button', { name: '加入' }))
    act(() => vi.advanceTimersByTime(expected - 5))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(10))
    expect(screen.getByRole('tooltip')).toHaveTextContent('离线服务器无法加入')
  })
})

describe('Switch', () => {
  it('is a labelled switch that toggles with click and keyboard', async () => {
    function Harness() {
      const [on, setOn] = useState(false)
      return <Switch label="隐藏满员" description="不显示已满的服务器" checked={on} onCheckedChange={setOn} />
    }
    const user = userEvent.setup()
    render(<Harness />)
    const control = screen.getByRole('switch', { name: '隐藏满员' })
    expect(control).toHaveAccessibleDescription('不显示已满的服务器')
    expect(control).not.toBeChecked()
    await user.click(screen.getByText('隐藏满员'))
    expect(control).toBeChecked()
    control.focus()
    await user.keyboard(' ')
    expect(control).not.toBeChecked()
  })
})

describe('Dropdown', () => {
  const items = Array.from({ length: 12 }, (_, i) => ({ value: `m${i}`, label: `Map ${i}` }))

  it('opens from the keyboard, moves with arrows, chooses with Enter; list max height 15rem', async () => {
    const onValueChange = vi.fn<(value: string) => void>()
    const user = userEvent.setup()
    render(<Dropdown label="地图" items={items} value="m0" onValueChange={onValueChange} />)
    const trigger = screen.getByRole('button', { name: '地图' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    expect(menu.className).toContain('max-h-[15rem]')
    expect(menu.className).toContain('overflow-y-auto')
    expect(within(menu).getByRole('menuitemradio', { name: 'Map 0' })).toHaveAttribute('aria-checked', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onValueChange).toHaveBeenCalledWith('m2')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('closes on Escape without choosing', async () => {
    const onValueChange = vi.fn<(value: string) => void>()
    const user = userEvent.setup()
    render(<Dropdown label="地图" items={items} value="m0" onValueChange={onValueChange} />)
    await user.click(screen.getByRole('button', { name: '地图' }))
    await screen.findByRole('menu')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(onValueChange).not.toHaveBeenCalled()
  })
})

describe('LoadingOverlay', () => {
  it('marks the content busy, blurs it and announces loading', () => {
    const { rerender, container } = render(
      <LoadingOverlay loading label="正在加载服务器">
        <button type="button">刷新</button>
      </LoadingOverlay>,
    )
    expect(container.firstChild).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('正在加载服务器')
    expect(screen.getByText('刷新').parentElement?.className).toContain('blur-sm')

    rerender(
      <LoadingOverlay loading={false} label="正在加载服务器">
        <button type="button">刷新</button>
      </LoadingOverlay>,
    )
    expect(container.firstChild).toHaveAttribute('aria-busy', 'false')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument()
  })
})

describe('Dialog', () => {
  it('moves focus in, traps Tab, and closes on Escape', async () => {
    function Harness() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <Button onClick={() => setOpen(true)}>open</Button>
          <Dialog open={open} onOpenChange={setOpen} title="确认退出" description="确定要退出登录吗？">
            <Button>ok</Button>
          </Dialog>
        </>
      )
    }
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'open' }))
    const dialog = await screen.findByRole('dialog', { name: '确认退出' })
    expect(dialog).toHaveAccessibleDescription('确定要退出登录吗？')
    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    for (let i = 0; i < 4; i++) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus()
  })
})
