import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { errorText, toErrorLike } from './error-text'

describe('errorText', () => {
  it('translates a known code', async () => {
    expect(errorText({ code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests' })).toBe('请求过于频繁，请稍后再试')
    await i18next.changeLanguage('en')
    expect(errorText({ code: 'PAGE_NOT_FOUND' })).toBe('Page not found')
  })

  it('falls back to the server message, then to a generic text', () => {
    expect(errorText({ code: 'SOMETHING_NEW', message: 'Brand new failure' })).toBe('Brand new failure')
    expect(errorText({ code: 'SOMETHING_NEW' })).toBe('出错了，请稍后再试')
  })

  it('reads an ApiError', () => {
    expect(toErrorLike(new ApiError(404, 'NOT_FOUND', 'nope'))).toEqual({ code: 'NOT_FOUND', message: 'nope' })
    expect(toErrorLike(new Error('x'))).toEqual({ code: 'unknown', message: 'x' })
  })

  it('also translates the account codes', async () => {
    expect(errorText({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' })).toBe('邮箱或密码错误')
    await i18next.changeLanguage('en')
    expect(errorText({ code: 'loginFailed' })).toBe('Steam login failed')
  })
})
