// The first-load budget check (scripts/size-budget.mjs) on made-up builds: it must fail a route
// whose JavaScript is over the budget, or whose JS + CSS is over the total budget when one is given,
// and count what a route loads before its first render (static imports, not dynamic ones, nor
// chunks loaded on first use).
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { measure } from './size-budget.mjs'

const script = join(import.meta.dirname, 'size-budget.mjs')
const dists = []

/** A dist whose files are random bytes (gzip cannot shrink them) of the given sizes in KB. */
function fakeDist(manifest, sizesKb) {
  const dist = mkdtempSync(join(tmpdir(), 'size-budget-'))
  dists.push(dist)
  mkdirSync(join(dist, '.vite'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  for (const [file, kb] of Object.entries(sizesKb)) writeFileSync(join(dist, file), randomBytes(kb * 1024))
  return dist
}

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index.css'],
    dynamicImports: ['src/page.tsx', 'src/dialog.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_shared.js'], dynamicImports: ['src/dialog.tsx'] },
  'src/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_shared.js'] },
}
const sizes = {
  'assets/index.js': 20,
  'assets/index.css': 5,
  'assets/react.js': 60,
  'assets/shared.js': 10,
  'assets/page.js': 30,
  'assets/dialog.js': 100,
}

afterEach(() => {
  for (const dist of dists.splice(0)) rmSync(dist, { recursive: true, force: true })
})

describe('size budget', () => {
  it('counts the entry, its static imports, the route chunk and its static imports, but no dynamic import', () => {
    const dist = fakeDist(manifest, sizes)
    const report = measure(dist, { budgetKb: 150, routes: { '/page': ['src/page.tsx'] } })
    const page = report.routes.find((r) => r.route === '/page')
    expect(page.files).toEqual(['assets/index.css', 'assets/index.js', 'assets/page.js', 'assets/react.js', 'assets/shared.js'])
    // Random bytes grow a little under gzip: 120 KB of JS and 5 KB of CSS are a bit over that.
    expect(page.jsBytes).toBeGreaterThan(120 * 1024)
    expect(page.jsBytes).toBeLessThan(122 * 1024)
    expect(page.cssBytes).toBeGreaterThan(5 * 1024)
    expect(page.cssBytes).toBeLessThan(5.2 * 1024)
    expect(page.bytes).toBe(page.jsBytes + page.cssBytes)
    expect(page.over).toBe(false)
    expect(report.entry.jsBytes).toBeLessThan(81 * 1024)
    expect(report.entry.cssBytes).toBe(page.cssBytes)
    expect(report.entry.bytes).toBe(report.entry.jsBytes + report.entry.cssBytes)
    // The dialog, loaded on first use (no route lists it), is no first load: with the entry it would
    // be 195 KB, over the budget, yet it is neither counted nor reported.
    expect(report.routes.map((r) => r.route)).toEqual(['/page'])
  })

  it('fails a route whose JavaScript is over the budget', () => {
    const dist = fakeDist(manifest, sizes)
    const report = measure(dist, { budgetKb: 118, routes: { '/page': ['src/page.tsx'] } })
    const page = report.routes.find((r) => r.route === '/page')
    expect(page).toMatchObject({ jsOver: true, totalOver: false, over: true })
  })

  it('budgets JavaScript alone: the CSS counts only against the total budget', () => {
    const dist = fakeDist(manifest, sizes)
    // 120 KB of JS fits 123 although JS + CSS (125 KB) does not; without a total budget that passes.
    const jsOnly = measure(dist, { budgetKb: 123, routes: { '/page': ['src/page.tsx'] } })
    expect(jsOnly.totalBudgetBytes).toBeNull()
    expect(jsOnly.routes[0]).toMatchObject({ jsOver: false, totalOver: false, over: false })
    // A total budget under the JS + CSS fails the route although its JavaScript fits.
    const withTotal = measure(dist, { budgetKb: 123, totalBudgetKb: 124, routes: { '/page': ['src/page.tsx'] } })
    expect(withTotal.totalBudgetBytes).toBe(124 * 1024)
    expect(withTotal.routes[0]).toMatchObject({ jsOver: false, totalOver: true, over: true })
    const roomy = measure(dist, { budgetKb: 123, totalBudgetKb: 130, routes: { '/page': ['src/page.tsx'] } })
    expect(roomy.routes[0].over).toBe(false)
  })

  it('refuses a route naming neither a chunk nor a source file', () => {
    const dist = fakeDist(manifest, sizes)
    expect(() => measure(dist, { routes: { '/gone': ['src/no-such-page.tsx'] } })).toThrow(/\/gone/)
  })

  it('exits 1 naming the route, the budget passed and the sizes when the build is over a budget, 0 when it is not', () => {
    // The real route table: no page is a chunk of this build, so every route loads the entry alone.
    const entry = { 'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] } }
    const dist = fakeDist(entry, { 'assets/index.js': 160, 'assets/index.css': 10 })
    const over = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' })
    expect(over.status).toBe(1)
    expect(over.stderr).toMatch(
      /size-budget: \/servers loads 16\d\.\d KB of gzipped JavaScript .* over the JS budget of 150\.0 KB/,
    )
    expect(over.stderr).not.toMatch(/JS \+ CSS budget/)

    const within = spawnSync(process.execPath, [script, dist, '--budget', '200'], { encoding: 'utf8' })
    expect(within.stderr).toBe('')
    expect(within.status).toBe(0)
    // JS, CSS and JS + CSS, each on the route's line.
    expect(within.stdout).toMatch(/budgets: JS 200\.0 KB, JS \+ CSS none/)
    expect(within.stdout).toMatch(/\/servers\s+16\d\.\d KB\s+10\.\d KB\s+17\d\.\d KB\n/)

    const total = spawnSync(process.execPath, [script, dist, '--budget', '200', '--total-budget', '165'], {
      encoding: 'utf8',
    })
    expect(total.status).toBe(1)
    expect(total.stderr).toMatch(
      /size-budget: \/servers loads 17\d\.\d KB of gzipped JS \+ CSS .* over the JS \+ CSS budget of 165\.0 KB/,
    )
    expect(total.stderr).not.toMatch(/over the JS budget/)
    expect(total.stdout).toMatch(/\/servers\s.*JS \+ CSS OVER BUDGET/)
  })

  it('exits 2 when a budget is not a number of KB', () => {
    const dist = fakeDist({ 'index.html': { file: 'assets/index.js', isEntry: true } }, { 'assets/index.js': 1 })
    for (const args of [['--budget', 'x'], ['--total-budget', '0'], ['--total-budget']]) {
      const run = spawnSync(process.execPath, [script, dist, ...args], { encoding: 'utf8' })
      expect(run.status).toBe(2)
      expect(run.stderr).toMatch(/takes a number of KB/)
    }
  })

  it('exits 2 when the build has no manifest', () => {
    const dist = mkdtempSync(join(tmpdir(), 'size-budget-'))
    dists.push(dist)
    const run = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' })
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/manifest\.json is missing/)
  })
})
