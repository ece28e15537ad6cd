import { act, render } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { DocumentTitle } from './document-title'

describe('document title', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('zh'))
  })

  it('is the site title in the UI language only, and follows a language change', async () => {
    document.title = 'CS2 社区门户 · CS2 Community Portal'
    render(<DocumentTitle />)
    expect(document.title).toBe('CS2 社区门户')

    await act(() => i18next.changeLanguage('en'))
    expect(document.title).toBe('CS2 Community Portal')

    await act(() => i18next.changeLanguage('zh'))
    expect(document.title).toBe('CS2 社区门户')
  })
})
