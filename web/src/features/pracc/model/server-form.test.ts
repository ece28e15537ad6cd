import { describe, expect, it } from 'vitest'
import { validatePasswordChange, validateServerName, validateServerPassword } from './server-form'

describe('server name', () => {
  it.each([
    ['', 'nameRequired'],
    ['   ', 'nameRequired'],
    ['a', null],
    ['练习 服 1', null],
    ['  trimmed name  ', null],
    ['abcdefghijklmnop', null],
    ['abcdefghijklmnopq', 'nameLengthError'],
    ['一二三四五六七八九十一二三四五六', null],
    ['一二三四五六七八九十一二三四五六七', 'nameLengthError'],
    ['team-1', 'nameInvalid'],
    ['name!', 'nameInvalid'],
    ['カタカナ', 'nameInvalid'],
    ['emoji😀', 'nameInvalid'],
    ['tab\tname', 'nameInvalid'],
    ['全角\u3000空格', null],
    ['a-very-long-name-indeed', 'nameInvalid'],
  ])('%j → %s', (value, error) => {
    expect(validateServerName(value)).toBe(error)
  })
})

describe('server password', () => {
  it.each([
    ['', 'passwordRequired'],
    ['  ', 'passwordRequired'],
    ['abc123', null],
    [' abc123 ', null],
    ['A'.repeat(16), null],
    ['A'.repeat(17), 'passwordLengthError'],
    ['abc 123', 'passwordInvalid'],
    ['pass_word', 'passwordInvalid'],
    ['密码123', 'passwordInvalid'],
    ['a'.repeat(16) + '!', 'passwordInvalid'],
  ])('%j → %s', (value, error) => {
    expect(validateServerPassword(value)).toBe(error)
  })
})

describe('change password', () => {
  it.each([
    ['', '', 'passwordRequired'],
    ['abc123', 'abc124', 'passwordMismatch'],
    ['abc123', '', 'passwordMismatch'],
    ['a'.repeat(17), 'a'.repeat(17), 'passwordLengthError'],
    ['abc-123', 'abc-123', 'passwordInvalid'],
    ['abc123', 'abc123', null],
  ])('%j / %j → %s', (password, confirm, error) => {
    expect(validatePasswordChange(password, confirm)).toBe(error)
  })
})
