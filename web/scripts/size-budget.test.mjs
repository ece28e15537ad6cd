// The first-load budget check (scripts/size-budget.mjs) on made-up builds: it must fail a route
// over the budget, and count what a route loads before its first render (static imports, not
// dynamic ones, nor chunks loaded on first use).
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
    // Random bytes grow a little under gzip: 125 KB of files is a bit over 125 KB.
    expect(page.bytes).toBeGreaterThan(125 * 1024)
    expect(page.bytes).toBeLessThan(127 * 1024)
    expect(page.over).toBe(false)
    expect(report.entryBytes).toBeLessThan(86 * 1024)
    // The dialog, loaded on first use (no route lists it), is no first load: with the entry it would
    // be 195 KB, over the budget, yet it is neither counted nor reported.
    expect(report.routes.map((r) => r.route)).toEqual(['/page'])
  })

  it('fails a route over the budget', () => {
    const dist = fakeDist(manifest, sizes)
    const report = measure(dist, { budgetKb: 120, routes: { '/page': ['src/page.tsx'] } })
    expect(report.routes.find((r) => r.route === '/page')?.over).toBe(true)
  })

  it('refuses a route naming neither a chunk nor a source file', () => {
    const dist = fakeDist(manifest, sizes)
    expect(() => measure(dist, { routes: { '/gone': ['src/no-such-page.tsx'] } })).toThrow(/\/gone/)
  })

  it('exits 1 naming the route and the sizes when the build is over the budget, 0 when it is not', () => {
    // The real route table: no page is a chunk of this build, so every route loads the entry alone.
    const dist = fakeDist({ 'index.html': { file: 'assets/index.js', isEntry: true } }, { 'assets/index.js': 160 })
    const over = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' })
    expect(over.status).toBe(1)
    expect(over.stderr).toMatch(/size-budget: \/servers loads 16\d\.\d KB gzipped .* over the budget of 150\.0 KB/)

    const within = spawnSync(process.execPath, [script, dist, '--budget', '200'], { encoding: 'utf8' })
    expect(within.stderr).toBe('')
    expect(within.status).toBe(0)
    expect(within.stdout).toMatch(/\/servers\s+16\d\.\d KB/)
  })

  it('exits 2 when the build has no manifest', () => {
    const dist = mkdtempSync(join(tmpdir(), 'size-budget-'))
    dists.push(dist)
    const run = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' })
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/manifest\.json is missing/)
  })
})
