// Queries on the rendered leaderboard screen that its tests share.
import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

export const DETAILS = /^查看 (.*) 的详细数据$/

/** Player names in the list (table on desktop, cards on mobile), top to bottom. */
export function listedNames(): string[] {
  const list = screen.queryByRole('table', { name: '玩家排名' }) ?? screen.queryByRole('list', { name: '玩家排名' })
  if (!list) return []
  return within(list)
    .queryAllByRole('button', { name: DETAILS })
    .map((button) => DETAILS.exec(button.getAttribute('aria-label') ?? '')?.[1] ?? '')
}

/** The numbers in the table's rank column, top to bottom. */
export function tableRanks(): string[] {
  const rows = within(screen.getByRole('table', { name: '玩家排名' })).getAllByRole('row').slice(1)
  return rows.map((row) => within(row).getAllByRole('cell')[0].textContent ?? '')
}

export function topCardNames(): string[] {
  const top = screen.queryByRole('region', { name: '前五名' })
  if (!top) return []
  return within(top)
    .getAllByRole('button', { name: DETAILS })
    .map((button) => DETAILS.exec(button.getAttribute('aria-label') ?? '')?.[1] ?? '')
}

export const busy = () => document.querySelector('[aria-busy]')?.getAttribute('aria-busy')

export async function settled() {
  await waitFor(() => expect(busy()).toBe('false'))
}
