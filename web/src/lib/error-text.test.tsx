import { act, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { errorText, hasErrorTranslation, hasServerMessage, toErrorLike, useErrorText } from './error-text'

describe('errorText', () => {
  it('translates a code under common:errors', async () => {
    expect(errorText(new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests'))).toBe('请求过于频繁，请稍后再试')
    await i18next.changeLanguage('en')
    expect(errorText({ code: 'PAGE_NOT_FOUND' })).toBe('Page not found')
  })

  it("looks in the feature's namespace first, then in common", async () => {
    expect(errorText(new ApiError(409, 'STEAM_NOT_BOUND', 'Bind Steam first'), 'inventory')).toBe(
      '请先绑定 Steam 账号，再打开库存',
    )
    expect(errorText(new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests'), 'inventory')).toBe(
      '请求过于频繁，请稍后再试',
    )
    expect(errorText({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }, 'auth')).toBe('邮箱或密码错误')
    await i18next.changeLanguage('en')
    expect(errorText({ code: 'loginFailed' }, 'auth')).toBe('Steam login failed')
  })

  it("does not borrow another feature's translation", () => {
    expect(errorText(new ApiError(409, 'STEAM_NOT_BOUND', 'Bind Steam first'))).toBe('Bind Steam first')
    expect(errorText(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'), 'inventory')).toBe(
      'Invalid email or password',
    )
  })

  it("falls back to the server's message, then to a generic text", () => {
    expect(errorText(new ApiError(503, 'SOMETHING_NEW', 'Brand new failure'), 'auth')).toBe('Brand new failure')
    expect(errorText({ code: 'SOMETHING_NEW' })).toBe('出错了，请稍后再试')
    // A bare status (no error body) carries only the status text: not a message for people.
    expect(errorText(new ApiError(502, 'HTTP_502', 'Bad Gateway'))).toBe('出错了，请稍后再试')
    // Anything else thrown is no server answer: its text is not for people either.
    expect(errorText(new Error('boom'))).toBe('出错了，请稍后再试')
    expect(errorText('not an error')).toBe('出错了，请稍后再试')
  })

  it('translates the client codes', () => {
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', 'Network request failed'))).toBe(
      i18next.t('common:errors.NETWORK_ERROR'),
    )
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', 'Network request failed'))).not.toBe('Network request failed')
  })
})

describe('error helpers', () => {
  it('reads an ApiError, an error-like object and anything thrown', () => {
    expect(toErrorLike(new ApiError(404, 'NOT_FOUND', 'nope'))).toEqual({ code: 'NOT_FOUND', message: 'nope' })
    expect(toErrorLike({ code: 'X', message: 'y' })).toEqual({ code: 'X', message: 'y' })
    expect(toErrorLike({ code: 'X', message: 42 })).toEqual({ code: 'X' })
    expect(toErrorLike(new Error('x'))).toEqual({ code: 'unknown', message: 'x' })
  })

  it('knows which codes a namespace translates', () => {
    expect(hasErrorTranslation('RATE_LIMIT_EXCEEDED')).toBe(true)
    expect(hasErrorTranslation('INVALID_CREDENTIALS')).toBe(false)
    expect(hasErrorTranslation('INVALID_CREDENTIALS', 'auth')).toBe(true)
    expect(hasErrorTranslation('RATE_LIMIT_EXCEEDED', 'auth')).toBe(true)
  })

  it('tells a server message from a status text', () => {
    expect(hasServerMessage({ code: 'MAIL_FAILED', message: 'Mail failed' })).toBe(true)
    expect(hasServerMessage({ code: 'HTTP_502', message: 'Bad Gateway' })).toBe(false)
    expect(hasServerMessage({ code: 'MAIL_FAILED' })).toBe(false)
  })
})

describe('useErrorText', () => {
  function Shown({ error }: { error: unknown }) {
    const text = useErrorText('inventory')
    return <p>{text(error)}</p>
  }

  it('re-renders in the new language', async () => {
    render(<Shown error={new ApiError(403, 'NOT_YOUR_ACCOUNT', 'Not your account')} />)
    const zh = i18next.t('inventory:errors.NOT_YOUR_ACCOUNT')
    expect(screen.getByText(zh)).toBeInTheDocument()
    await act(() => i18next.changeLanguage('en'))
    expect(await screen.findByText(i18next.t('inventory:errors.NOT_YOUR_ACCOUNT'))).toBeInTheDocument()
    expect(screen.queryByText(zh)).not.toBeInTheDocument()
  })
})
