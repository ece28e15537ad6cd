import { describe, expect, it } from 'vitest'
import { isValidEmail, registerPasswordProblem, resetPasswordProblem } from './validation'

describe('e-mail rule', () => {
  it.each(['a@b.c', 'first.last+tag@mail.example.com', '玩家@例子.中国'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })
  it.each(['', 'plain', 'a@b', '@b.c', 'a@.c', 'a b@c.d', 'a@b@c.d', 'a@b.c '])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })
})

describe('registration password rule', () => {
  it('needs at least 8 characters', () => {
    expect(registerPasswordProblem('')).toBe('passwordTooShort')
    expect(registerPasswordProblem('abc1234')).toBe('passwordTooShort')
    expect(registerPasswordProblem('abc12345')).toBeNull()
  })
  it('allows letters, digits and common symbols, nothing else', () => {
    expect(registerPasswordProblem('Ab1!@#$%^&*()_+-=[]{};:,.<>/?~`|\\\'"')).toBeNull()
    expect(registerPasswordProblem('abcd 1234')).toBe('passwordInvalidSymbols')
    expect(registerPasswordProblem('密码密码密码密码')).toBe('passwordInvalidSymbols')
  })
})

describe('reset page password rule', () => {
  it('needs at least 8 letters or digits', () => {
    expect(resetPasswordProblem('abc1234')).toBe('passwordTooShort')
    expect(resetPasswordProblem('abc12345')).toBeNull()
    expect(resetPasswordProblem('abc1234!')).toBe('passwordInvalidChars')
    expect(resetPasswordProblem('abcd 1234')).toBe('passwordInvalidChars')
  })
})
