import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HistoryChart } from './history-chart'

const start = 1763700000
const series = (...counts: number[]) => counts.map((players, i) => ({ t: start + i * 3600, players }))

function axis(container: HTMLElement, name: 'x' | 'y') {
  return [...container.querySelectorAll(`[data-axis="${name}"] text`)]
}

describe('history chart', () => {
  it.each([
    { max: 1, slots: 0, labels: ['0', '1'] },
    { max: 2, slots: 0, labels: ['0', '1', '2'] },
    { max: 3, slots: 2, labels: ['0', '1', '2', '3'] },
    { max: 1, slots: 10, labels: ['0', '5', '10'] },
    { max: 12, slots: 16, labels: ['0', '5', '10', '15', '20'] },
    { max: 40, slots: 64, labels: ['0', '20', '40', '60', '80'] },
  ])('labels the y axis with distinct whole numbers (peak $max, $slots slots)', ({ max, slots, labels }) => {
    const { container } = render(<HistoryChart history={series(0, max, 0)} maxSlots={slots} current={0} />)
    const texts = axis(container, 'y').map((text) => text.textContent)
    expect(texts).toEqual(labels)
  })

  it('labels whole hours, the outer ones aligned inside the plot', () => {
    // 24 hourly points from midnight GMT+8 to midnight: the first and last points carry labels.
    const hourly = Array.from({ length: 25 }, (_, i) => ({ t: 1763654400 + i * 3600, players: i % 3 }))
    const { container } = render(<HistoryChart history={hourly} maxSlots={10} current={1} />)
    const labels = axis(container, 'x')
    expect(labels.length).toBeGreaterThanOrEqual(3)
    for (const label of labels) expect(label.textContent).toMatch(/^\d\d:00$/)
    expect(labels[0]).toHaveAttribute('text-anchor', 'start')
    expect(labels.at(-1)).toHaveAttribute('text-anchor', 'end')
    for (const label of labels.slice(1, -1)) expect(label).toHaveAttribute('text-anchor', 'middle')
    const width = Number(container.querySelector('svg')!.getAttribute('viewBox')!.split(' ')[2])
    expect(Number(labels.at(-1)!.getAttribute('x'))).toBeLessThanOrEqual(width)
  })

  it('ends the line at the live count', () => {
    const { container } = render(<HistoryChart history={series(3, 9)} maxSlots={10} current={4} />)
    expect(container.querySelector('svg')).toHaveAccessibleName(expect.stringContaining('当前 4 人'))
  })
})
