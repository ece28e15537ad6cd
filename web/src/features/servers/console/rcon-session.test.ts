import { describe, expect, it } from 'vitest'
import { rconCommand, recall } from './rcon-session'

describe('rconCommand', () => {
  it('trims one line', () => expect(rconCommand('  status ')).toBe('status'))
  it('refuses empty, multi-line and overlong commands', () => {
    expect(rconCommand('  ')).toBeNull()
    expect(rconCommand('status\nquit')).toBeNull()
    expect(rconCommand('x'.repeat(513))).toBeNull()
  })
})

describe('recall', () => {
  const sent = ['status', 'mp_restartgame 1', 'say hi']
  it('walks back from the newest command and stops at the oldest', () => {
    let state = { position: 0, text: 'dr' }
    state = recall(sent, state.position, 'ArrowUp', 'dr')
    expect(state).toEqual({ position: 1, text: 'say hi' })
    state = recall(sent, state.position, 'ArrowUp', 'dr')
    state = recall(sent, state.position, 'ArrowUp', 'dr')
    state = recall(sent, state.position, 'ArrowUp', 'dr')
    expect(state).toEqual({ position: 3, text: 'status' })
  })
  it('comes back down to the draft', () => {
    expect(recall(sent, 1, 'ArrowDown', 'dr')).toEqual({ position: 0, text: 'dr' })
    expect(recall(sent, 0, 'ArrowDown', 'dr')).toEqual({ position: 0, text: 'dr' })
  })
  it('does nothing without history', () => expect(recall([], 0, 'ArrowUp', 'x')).toEqual({ position: 0, text: 'x' }))
})
