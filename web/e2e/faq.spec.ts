// The FAQ against the REAL backend in demo mode: the seeded questions in Chinese and, after the
// language switch, in English, each answer opening in place, with no test fixture among them; and a
// malicious entry (an answer full of scripts: onerror, <script>, a javascript: link, mXSS, handlers)
// added to the real answer by the test itself, raw, so the page's own sanitizer must stop it: nothing
// runs. A trap installed before any page script records every attempt. (The server's sanitizer is
// checked on the same payload in backend/tests/faq_functional_test.cpp.)
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DESKTOP, MOBILE, expectNoSidewaysScroll, getJson, shot, watchForErrors } from './support/portal.ts'

const MALICIOUS = { zh: '这条回答来自满是脚本的输入（测试）', en: 'This answer came from input full of scripts (test)' }
const MALICIOUS_ANSWER =
  '<p>This answer was saved from input full of scripts. The sanitizer kept this text and the safe link below.</p>' +
  `<img src=x onerror="window.__faqXss=1;alert('xss')">` +
  `<script>window.__faqXss=1;alert('xss')</script>` +
  '<a href="jav&#x09;ascript:window.__faqXss=1" onclick="window.__faqXss=1">scripted link</a>' +
  '<svg><p><style><img src=x onerror="window.__faqXss=1"></style></p></svg>' +
  '<p style="background:url(javascript:alert(1))" onmouseover="window.__faqXss=1">hover me</p>' +
  '<a href="https://example.com/" target="_blank" rel="opener">safe link</a>'

/** Appends the malicious entry, unsanitized, to the backend's real answer for either language. */
async function addMaliciousEntry(page: Page) {
  await page.route('**/api/faqs?language=*', async (route) => {
    const language = new URL(route.request().url()).searchParams.get('language') === 'en' ? 'en' : 'zh'
    const response = await route.fetch()
    const list = (await response.json()) as FaqJson[]
    list.push({ id: 999_999, question: MALICIOUS[language], answer: MALICIOUS_ANSWER })
    await route.fulfill({ response, json: list })
  })
}

interface FaqJson {
  id: number
  question: string
  answer: string
}

async function faqs(request: APIRequestContext, language: 'zh' | 'en'): Promise<FaqJson[]> {
  const list = await getJson<FaqJson[]>(request, `/api/faqs?language=${language}`)
  expect(list.length).toBeGreaterThanOrEqual(8)
  return list
}

/** Fixture text a visitor must never see in the seeded FAQ. */
const FIXTURE_TEXT = /sanitizer|过滤演示|example\.com\/|scripted link|hover me/i

/**
 * Records any script the answers might run: the payload's global (window.__faqXss), alert, confirm
 * and prompt, and any dialog the browser opens.
 */
async function installXssTrap(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    const hits: string[] = []
    Object.defineProperty(window, 'xssTrapHits', { value: hits })
    for (const name of ['__faqXss', '__xss']) {
      Object.defineProperty(window, name, {
        configurable: false,
        get: () => undefined,
        set: (value: unknown) => {
          hits.push(`${name}=${String(value)}`)
        },
      })
    }
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => {
          hits.push(`${name}(${args.join(',')})`)
        },
      })
    }
  })
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

const trapHits = (page: Page) => page.evaluate(() => (window as unknown as { xssTrapHits: string[] }).xssTrapHits)

/** Every element inside the FAQ list that still carries an event handler, a script or a javascript: URL. */
function dangerousMarkup(page: Page) {
  return page.getByRole('list', { name: /问题列表|Questions/ }).evaluate((list) => {
    const found: string[] = []
    for (const element of list.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase()
      if (['script', 'style', 'iframe', 'object', 'embed', 'form'].includes(tag)) found.push(`<${tag}>`)
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${tag}[${attribute.name}]`)
        if (/^(javascript|vbscript):/i.test(attribute.value.replace(/\s/g, ''))) {
          found.push(`${tag}[${attribute.name}=${attribute.value}]`)
        }
      }
    }
    return found
  })
}

const question = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/**
 * Every image of the answers has loaded or failed: an image's state turns complete in the same task
 * that fires its load or error event, so any handler a payload left on it has had its turn.
 */
async function imagesSettled(page: Page) {
  await expect
    .poll(() =>
      page
        .getByRole('list', { name: /问题列表|Questions/ })
        .evaluate((list) => [...list.querySelectorAll('img')].every((image) => image.complete)),
    )
    .toBe(true)
}

test.describe('desktop, 1280 px', () => {
  test.use(DESKTOP)

  test('lists the questions in Chinese, then in English after switching; the malicious entry runs nothing', async ({
    page,
    request,
  }) => {
    // The page's sanitizer parses the raw payload in an inert document; Chrome logs a CSP line for
    // each inline handler it meets there even though nothing runs (the trap and the DOM check below
    // are the proof). Any other console error still fails the test.
    const errors = watchForErrors(page, [/^Executing inline event handler violates the following Content Security Policy/])
    const dialogs = await installXssTrap(page)
    const zh = await faqs(request, 'zh')
    const en = await faqs(request, 'en')
    // The seed holds real answers only, the same questions in both languages, Chinese in Chinese.
    expect(zh).toHaveLength(en.length)
    for (const entry of [...zh, ...en]) expect(entry.question + entry.answer).not.toMatch(FIXTURE_TEXT)
    for (const entry of zh) expect(entry.question + entry.answer).toMatch(/[\u4e00-\u9fff]/)
    await addMaliciousEntry(page)

    await page.goto('/faq')
    await expect(page.getByRole('heading', { level: 1, name: '常见问题' })).toBeVisible()
    const list = page.getByRole('list', { name: '问题列表' })
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([...zh.map((entry) => entry.question), MALICIOUS.zh])

    // Answers open and close in place; keyboard reaches every question.
    const first = question(page, zh[0].question)
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('region', { name: zh[0].question })).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await expect(question(page, zh[1].question)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(question(page, zh[1].question)).toHaveAttribute('aria-expanded', 'true')

    // Open every answer, the malicious one included, and poke at what it tried to plant.
    for (const entry of zh.slice(2)) await question(page, entry.question).click()
    await question(page, MALICIOUS.zh).click()
    const malicious = page.getByRole('region', { name: MALICIOUS.zh })
    await expect(malicious).toContainText('This answer was saved from input full of scripts')
    await malicious.getByText('hover me').hover()
    // Its links that stay in the page (the scripted one lost its javascript: URL) go nowhere.
    for (const link of await malicious.locator('a:not([target="_blank"])').all()) {
      await link.click()
      await expect(page).toHaveURL('/faq')
    }
    const safe = malicious.getByRole('link', { name: 'safe link' })
    await expect(safe).toHaveAttribute('target', '_blank')
    await expect(safe).toHaveAttribute('rel', 'noopener noreferrer')
    // Every new-window link of every answer carries rel="noopener noreferrer".
    for (const link of await list.locator('a[target="_blank"]').all()) {
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    expect(await dangerousMarkup(page)).toEqual([])
    await imagesSettled(page)
    expect(await trapHits(page)).toEqual([])
    expect(dialogs).toEqual([])
    await shot(page, 'faq-zh')

    // English: the switch reloads the page and the questions come in English.
    await page.getByRole('button', { name: '切换语言' }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible()
    const englishList = page.getByRole('list', { name: 'Questions' })
    await expect(englishList.getByRole('heading', { level: 2 })).toHaveText([...en.map((entry) => entry.question), MALICIOUS.en])
    await question(page, MALICIOUS.en).click()
    await expect(page.getByRole('region', { name: MALICIOUS.en })).toContainText('The sanitizer kept this text')
    expect(await dangerousMarkup(page)).toEqual([])
    await imagesSettled(page)
    expect(await trapHits(page)).toEqual([])
    expect(dialogs).toEqual([])
    await shot(page, 'faq-en')
    expect(errors).toEqual([])
  })

  test('a link to a portal page inside an answer navigates in the app', async ({ page, request }) => {
    const zh = await faqs(request, 'zh')
    const withLink = zh.find((entry) => /href="\/leaderboard"/.test(entry.answer))
    expect(withLink, 'a seeded answer links to the leaderboard').toBeDefined()
    if (!withLink) return
    await page.goto('/faq')
    await question(page, withLink.question).click()
    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByRole('region', { name: withLink.question }).locator('a[href="/leaderboard"]').click()
    await expect(page).toHaveURL(/\/leaderboard/)
    await expect(page.getByRole('heading', { level: 1, name: '排行榜' })).toBeVisible()
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  })
})

test.describe('mobile, 390 px', () => {
  test.use(MOBILE)

  test('reads an answer without sideways scrolling', async ({ page, request }) => {
    const zh = await faqs(request, 'zh')
    await page.goto('/faq')
    await question(page, zh[0].question).tap()
    await expect(page.getByRole('region', { name: zh[0].question })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await shot(page, 'faq-mobile')
  })
})
