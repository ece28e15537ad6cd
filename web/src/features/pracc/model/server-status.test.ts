import { describe, expect, it } from 'vitest'
import { isEnded, isTransitional, runningJob, statusDot } from './server-status'

describe('the status dot', () => {
  it.each([
    ['RUNNING', 'green'],
    ['CREATING', 'blue'],
    ['SWITCHING', 'indigo'],
    ['TERMINATING', 'red'],
    ['TERMINATED', 'red'],
    ['STOPPED', 'yellow'],
    ['VERIFYING', 'yellow'],
    ['', 'yellow'],
    ['running', 'green'],
  ])('%s pulses %s', (status, tone) => {
    expect(statusDot(status, false)).toEqual({ tone, pulse: true })
  })

  it('an expired server has a still red dot whatever its status', () => {
    expect(statusDot('RUNNING', true)).toEqual({ tone: 'red', pulse: false })
    expect(statusDot('CREATING', true)).toEqual({ tone: 'red', pulse: false })
  })

  it('knows which statuses are work in progress and which owner job runs', () => {
    expect(isTransitional('CREATING')).toBe(true)
    expect(isTransitional('VERIFYING')).toBe(true)
    expect(isTransitional('LAUNCH_RETRYING')).toBe(true)
    expect(isTransitional('RUNNING')).toBe(false)
    expect(runningJob('VERIFYING')).toBe('verify')
    expect(runningJob('UPDATING')).toBe('update')
    expect(runningJob('RUNNING')).toBeNull()
  })
})

describe('ended servers', () => {
  it.each([
    ['TERMINATING', true],
    ['TERMINATED', true],
    ['LAUNCH_FAILED', true],
    ['launch_failed', true],
    ['RUNNING', false],
    ['STOPPED', false],
    ['CREATING', false],
  ])('%s → %s', (status, ended) => {
    expect(isEnded(status)).toBe(ended)
  })
})
