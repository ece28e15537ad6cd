process.env.DEBUG_PRINT_LIMIT ??= '0'
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import i18next from 'i18next'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { initI18n } from '@/lib/i18n'
import { server } from './msw-server'
import { installMatchMedia, setViewportWidth } from './viewport'

// Browser APIs jsdom lacks and Radix UI touches.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
Element.prototype.scrollIntoView ??= function scrollIntoView() {}
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => {}

installMatchMedia()
initI18n('zh')

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  setViewportWidth(1280)
  await i18next.changeLanguage('zh')
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
})
afterAll(() => server.close())
