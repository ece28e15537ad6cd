#!/usr/bin/env node
// Typing in the server filter with 1,000 servers listed (issue 17): the time from a key press in the
// search box to the next paint that shows the list filtered by what was typed, in headless Chromium.
// A benchmark, not a test: it prints figures and fails only when it cannot measure.
//
// The real portal in demo mode serves the built web app; GET /api/servers is answered in the page
// (Playwright's page.route) with 1,000 servers in the backend's shape, as demo mode lists 14.
// Per keystroke: t0 is the keydown event's timeStamp; a MutationObserver in the page sees the server
// count's data-search attribute (the search the rows were filtered by) change to the box's text, then
// waits for the next frame to be painted (requestAnimationFrame, then a message posted from it); the
// figure is that moment minus t0. The observer is in the page from the start: a check sent from the
// script after the key press reached the page after that frame when the rows came in the key's own
// task, and counted the frame after it; and a timer after the frame could wait for one more
// (bench/RESULTS.md section 2, eighth round). Also printed: the Event Timing API's duration of the
// same keydowns (key to the first paint after it, rounded to 8 ms; the INP figure).
//
// Usage: node bench/web/filter-typing.mjs   (after `make build`)
// Env:   BENCH_PORTAL_BIN=backend/build/portal (or BUILD_DIR=backend/build) WEB_ROOT=web/dist KEYSTROKES=30 SERVERS=1000 CPU_THROTTLE=1
//        CHROMIUM=/usr/bin/chromium PER_KEY=1 (also print each keystroke's figure)
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const repo = resolve(import.meta.dirname, '..', '..')
const require = createRequire(join(repo, 'web', 'package.json'))
const { chromium } = require('@playwright/test')

const portalBin = resolve(repo, process.env.BENCH_PORTAL_BIN ?? join(process.env.BUILD_DIR ?? 'backend/build', 'portal'))
const webRoot = resolve(repo, process.env.WEB_ROOT ?? 'web/dist')
const keystrokes = Number(process.env.KEYSTROKES ?? 30)
const serverCount = Number(process.env.SERVERS ?? 1000)
const cpuThrottle = Number(process.env.CPU_THROTTLE ?? 1)
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium'

for (const [what, path] of [['portal', portalBin], ['web build', join(webRoot, 'index.html')], ['chromium', chromiumPath]]) {
  if (!existsSync(path)) {
    console.error(`filter-typing: ${what} missing at ${path} (run make build)`)
    process.exit(1)
  }
}

const MODES = ['competitive', 'casual', 'deathmatch', 'training', 'retakes', 'public']
const MAPS = ['de_mirage', 'de_inferno', 'de_dust2', 'de_nuke', 'de_ancient', 'de_anubis', 'de_overpass']
const REGIONS = ['ap-shanghai', 'ap-beijing', 'ap-guangzhou', 'ap-hongkong', 'ap-singapore', 'eu-frankfurt']
const CITIES = ['上海', '北京', '广州', '香港', 'SG', 'EU']

/** 1,000 servers as GET /api/servers answers them, none full or offline (all of them listed). */
function servers(count) {
  return Array.from({ length: count }, (_, i) => {
    const max = [10, 12, 16, 20, 32][i % 5]
    return {
      ip: '127.0.0.1',
      port: 20000 + i,
      name: `【${CITIES[i % CITIES.length]}】${MODES[i % MODES.length]} server ${i + 1} | ${MAPS[i % MAPS.length]}`,
      name_display: '',
      players: `${i % max}/${max}`,
      players_max: max,
      category: MODES[i % MODES.length],
      map: MAPS[i % MAPS.length],
      region: REGIONS[i % REGIONS.length],
      open: 1,
      ontop: i < 3 ? 1 : 0,
      star: i % 6,
    }
  })
}

/** What is typed: words that narrow the list step by step, then erased, and again. */
function keys(count) {
  const words = ['server 12', 'deathmatch', 'server 5', '上海', 'casual 7']
  const out = []
  for (let w = 0; out.length < count; w++) {
    const word = words[w % words.length]
    for (const ch of word) out.push(ch === ' ' ? 'Space' : ch)
    for (let i = 0; i < word.length; i++) out.push('Backspace')
  }
  return out.slice(0, count)
}

function startPortal() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'))
  const child = spawn(
    portalBin,
    ['serve', '--demo', '--port', '0', '--data-dir', dataDir, '--config', join(repo, 'backend/config/portal.toml')],
    { env: { ...process.env, PORTAL_SERVER__WEB_ROOT: webRoot }, stdio: ['ignore', 'pipe', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'] },
  )
  const url = new Promise((resolveUrl, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = out.match(/listening on (http:\/\/\S+)/)
      if (match) resolveUrl(match[1])
    })
    child.on('exit', (code) => reject(new Error(`portal exited with ${code}`)))
    setTimeout(() => reject(new Error('portal did not start within 60 s')), 60_000)
  })
  return { child, dataDir, url }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted[sorted.length - 1] }
}

// Figures differ by CPU far more than by change: the machine line goes with them.
const machine = execFileSync(join(repo, 'bench', 'machine.sh'), { encoding: 'utf8' }).trim()
const portal = startPortal()
let browser
try {
  const base = await portal.url
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' })
  if (cpuThrottle > 1) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle })
  }
  const body = JSON.stringify(servers(serverCount))
  await page.route(/\/api\/servers(\?.*)?$/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  )
  await page.addInitScript(() => {
    const w = window
    w.__typing = { pending: null, results: [], events: [], onResult: null }
    document.addEventListener(
      'keydown',
      (event) => {
        w.__typing.pending = { t0: event.timeStamp, done: false }
      },
      true,
    )
    new MutationObserver((records) => {
      const pending = w.__typing.pending
      const box = document.querySelector('input[type="search"]')
      if (!pending || pending.done || !box) return
      for (const record of records) {
        if (record.target.getAttribute('data-search') !== box.value) continue
        pending.done = true
        // The rows for this text are in the DOM: the frame after this callback paints them. A message
        // posted from the frame's callback runs right after that frame; a timer could wait a frame more.
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          w.__typing.results.push(performance.now() - pending.t0)
          w.__typing.onResult?.()
        }
        requestAnimationFrame(() => channel.port2.postMessage(null))
        return
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-search'] })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'keydown') w.__typing.events.push(entry.duration)
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  })
  await page.goto(`${base}/servers`)
  const box = page.getByRole('searchbox')
  await page.waitForFunction((n) => /显示 (\d+) \/ (\d+)/.exec(document.body.innerText)?.[2] === String(n), serverCount)
  await box.click()

  const durations = []
  for (const key of keys(keystrokes)) {
    await page.keyboard.press(key)
    // One call that the page answers when the figure is in: polling would run checks on the page's
    // main thread while it renders the keystroke.
    const figure = await page.evaluate(
      (i) =>
        new Promise((resolve, reject) => {
          const typing = window.__typing
          if (typing.results[i] !== undefined) return resolve(typing.results[i])
          // Cleared once answered: left running, it would fire on the main thread 10 s later, mid-keystroke.
          const limit = setTimeout(() => reject(new Error(`keystroke ${i + 1}: the filtered list did not show within 10 s`)), 10_000)
          typing.onResult = () => {
            if (typing.results[i] === undefined) return
            clearTimeout(limit)
            resolve(typing.results[i])
          }
        }),
      durations.length,
    )
    durations.push(figure)
    await page.waitForTimeout(60) // a typist's pace: keystrokes do not queue behind each other
  }
  const events = await page.evaluate(() => window.__typing.events)
  if (process.env.PER_KEY) {
    const typed = keys(keystrokes).map((key, i) => `${key === 'Backspace' ? '⌫' : key === 'Space' ? '␣' : key} ${durations[i].toFixed(0)}`)
    console.log(`  per keystroke (ms): ${typed.join('  ')}`)
  }
  const typed = summary(durations)
  console.log(machine)
  console.log(`filter-typing: ${serverCount} servers, ${durations.length} keystrokes, Chromium headless` +
    (cpuThrottle > 1 ? `, CPU throttled ${cpuThrottle}x` : ''))
  console.log(`  key -> painted filtered list   median ${typed.median.toFixed(1)} ms   p95 ${typed.p95.toFixed(1)} ms   max ${typed.max.toFixed(1)} ms`)
  if (events.length > 0) {
    const inp = summary(events)
    console.log(`  Event Timing keydown duration  median ${inp.median} ms   p95 ${inp.p95} ms   (${events.length} of ${durations.length} over 16 ms)`)
  } else {
    console.log(`  Event Timing keydown duration  none over 16 ms`)
  }
} finally {
  await browser?.close()
  portal.child.kill('SIGTERM')
  await new Promise((done) => (portal.child.exitCode !== null ? done() : portal.child.on('exit', done)))
  rmSync(portal.dataDir, { recursive: true, force: true })
}
