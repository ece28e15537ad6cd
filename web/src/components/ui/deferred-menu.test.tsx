import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { deferredComponent } from './deferred-component'
import { DeferredMenuButton } from './deferred-menu-button'
import { Dropdown, type DropdownProps } from './dropdown'

type Map = 'm0' | 'm1' | 'm2'
const items = [
  { value: 'm0' as const, label: 'Mirage' },
  { value: 'm1' as const, label: 'Inferno' },
  { value: 'm2' as const, label: 'Nuke' },
]

/** A deferred Dropdown whose code "arrives" only when the test says so. */
function setup() {
  let arrive: () => void = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  const load = vi.fn<() => Promise<ComponentType<DropdownProps<Map>>>>(async () => {
    await arrived
    return Dropdown<Map>
  })
  const menu = deferredComponent<DropdownProps<Map>>(load)
  const onValueChange = vi.fn<(value: Map) => void>()
  render(
    <>
      <button type="button">before</button>
      <DeferredMenuButton
        menu={menu}
        label="地图"
        className="trigger"
        menuProps={{ label: '地图', items, value: 'm0', onValueChange }}
      >
        Mirage
      </DeferredMenuButton>
    </>,
  )
  return {
    load,
    onValueChange,
    arrive: async () => {
      await act(async () => {
        arrive()
        await arrived
      })
    },
  }
}

describe('DeferredMenuButton (a header menu before its code has loaded)', () => {
  it('announces a closed menu button and loads nothing until it is used', () => {
    const { load } = setup()
    const trigger = screen.getByRole('button', { name: '地图' })
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(load).not.toHaveBeenCalled()
  })

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['ArrowDown', '{ArrowDown}'],
  ])('opens on the first %s pressed before the code arrived, focus on the first item', async (_, key) => {
    const user = userEvent.setup()
    const { load, arrive, onValueChange } = setup()
    await user.tab()
    await user.tab()
    const standIn = screen.getByRole('button', { name: '地图' })
    expect(standIn).toHaveFocus()
    expect(load).toHaveBeenCalledTimes(1)

    await user.keyboard(key)
    // The code is still on its way: no menu yet, and the key has not been lost.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await arrive()

    const menu = await screen.findByRole('menu')
    const first = screen.getByRole('menuitemradio', { name: 'Mirage' })
    await waitFor(() => expect(first).toHaveFocus())
    expect(menu).toBeVisible()
    const trigger = screen.getByRole('button', { name: '地图' })
    expect(trigger).toHaveAttribute('aria-expanded', 'true')

    // It is the real menu: arrows move, Enter chooses, and focus returns to its trigger.
    await user.keyboard('{ArrowDown}{Enter}')
    expect(onValueChange).toHaveBeenCalledWith('m1')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    expect(trigger).toHaveFocus()
  })

  it('moves focus to the real trigger when the code arrives while the stand-in has it', async () => {
    const user = userEvent.setup()
    const { arrive } = setup()
    await user.tab()
    await user.tab()
    await arrive()
    const trigger = screen.getByRole('button', { name: '地图' })
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'))
    expect(trigger).toHaveFocus()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('menu')).toBeVisible()
  })

  it('opens on the first click made before the code arrived', async () => {
    const user = userEvent.setup()
    const { arrive } = setup()
    await user.click(screen.getByRole('button', { name: '地图' }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await arrive()
    expect(await screen.findByRole('menu')).toBeVisible()
    expect(screen.getByRole('menuitemradio', { name: 'Mirage' })).toHaveAttribute('aria-checked', 'true')
  })
})
