// What the specs share: screenshots, the console watch, the two viewports, JSON from the API, and
// logging in through the demo backend's OpenID provider (/api/dev/openid/login).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

const SHOTS = 'test-results/screenshots'

/** A preset account of the demo OpenID provider; the demo seeds stats for it in every mode and season. */
export const ALICE_STEAM_ID = '76561197960361544'

export const DESKTOP = { viewport: { width: 1280, height: 900 } }
export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/**
 * Saves test-results/screenshots/<name>.png. Viewport-only (`fullPage` false) where the page is a
 * list thousands of pixels tall, or where resizing for a full page would disturb the state (an open
 * popup, dialog or tooltip).
 */
export async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage })
}

/**
 * Collects console errors and uncaught exceptions of the portal's own pages (CSP violations show up
 * here too); a spec expects the list empty at its end. The demo provider's page is not the portal's.
 * `expected`: console errors a spec provokes on purpose, e.g. the browser's line for a 4xx answer.
 */
export function watchForErrors(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = []
  const onPortal = () => !new URL(page.url()).pathname.startsWith('/api/dev/')
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() !== 'error' || !onPortal()) return
    if (expected.some((pattern) => pattern.test(text))) return
    errors.push(text)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/**
 * Waits until no finite CSS animation or transition runs on `locator`'s element, inside it or on an
 * ancestor (a dialog's pop-in, a drawer's slide, a panel collapsing): a box measured before that is
 * mid-flight, and on a loaded machine the flight takes longer. Infinite ones (the announcement
 * marquee, spinners) never settle and are ignored. Compare boxes afterwards with a tolerance
 * (`toBeCloseTo(x, 0)`, within half a pixel), never exactly: layout positions are fractional.
 */
export async function settled(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible()
  await expect
    .poll(() =>
      locator.evaluate(
        (element) =>
          document.getAnimations().filter((animation) => {
            const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null
            if (!target || !(target.contains(element) || element.contains(target))) return false
            return animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity
          }).length,
      ),
    )
    .toBe(0)
}

/** The box of a visible element whose animations have settled. */
export async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await settled(locator)
  const found = await locator.boundingBox()
  expect(found).not.toBeNull()
  return found ?? { x: 0, y: 0, width: 0, height: 0 }
}

/** The body of a GET that must succeed. */
export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url)
  expect(response.ok()).toBe(true)
  return (await response.json()) as T
}

/** Nothing sticks out sideways at the mobile width. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.viewport.width)
}

/** A SteamID64 no other run has used: 76561198 followed by 9 random digits (a valid individual id). */
export function freshSteamId(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')
  return `76561198${digits}`
}

/** The demo OpenID provider: enter the SteamID64 and sign in; the backend then redirects back. */
export async function signInAtDevProvider(page: Page, steamId: string) {
  await expect(page).toHaveURL(/\/api\/dev\/openid\/login/)
  await page.getByLabel('SteamID64').fill(steamId)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Logs in with Steam from the login dialog `opener` opens (the header's button unless the page has
 * its own); the new session lands on `landsOn`: / unless the login started on a console page, which
 * it comes back to.
 */
export async function loginWithSteam(
  page: Page,
  steamId: string,
  opener: Locator = page.getByRole('banner').getByRole('button', { name: '登录' }),
  landsOn = '/',
) {
  await opener.click()
  await page.getByRole('dialog', { name: '登录' }).getByRole('button', { name: '通过 Steam 登录' }).click()
  await signInAtDevProvider(page, steamId)
  await expect(page).toHaveURL(landsOn)
}
