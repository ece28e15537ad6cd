process.env.DEBUG_PRINT_LIMIT ??= '0'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import i18next from 'i18next'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { accountMenu } from '@/app/shell/account-classes'
import { rowActionsMenu } from '@/components/console/row-actions-part'
import { qrCodeSvg } from '@/components/payments/lazy-qr'
import { dialogPanel, drawerPanel, languageDropdown, multiSelectMenu, toastViewport, tooltipPanel } from '@/components/ui/lazy-parts'
import { initI18n, loadNamespaces } from '@/lib/i18n'
import { namespaces } from '@/locales/resources'
import { server } from './msw-server'
import { installMatchMedia, setViewportWidth } from './viewport'

// findBy/waitFor wait for what the app does, not for how fast it does it: on a loaded 2-core CI machine
// a lazy chunk's first import alone can take seconds, so the waits get room instead of flaking.
configure({ asyncUtilTimeout: 5000 })

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

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  // Tests switch languages without the reload the app does; have every namespace in both.
  await loadNamespaces(namespaces, ['zh', 'en'])
  // The shell's Radix pieces load on first use (a dialog's first opening, the first toast, a header
  // menu's first press). Their first import in a test file can take seconds on a loaded machine;
  // have them ready, as a returning visitor's browser would. deferred-menu.test.tsx holds back its
  // own loader to test the press made before the code has arrived.
  await Promise.all(
    [dialogPanel, drawerPanel, toastViewport, languageDropdown, accountMenu, multiSelectMenu, tooltipPanel, qrCodeSvg, rowActionsMenu].map((part) => part.load()),
  )
})
beforeEach(async () => {
  setViewportWidth(1280)
  await i18next.changeLanguage('zh')
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
})
afterAll(() => server.close())
