// The first-load size budget (issue 17): for every route, the gzipped JavaScript a visit fetches
// before the route's first render, i.e. the entry chunk, everything it imports statically (the
// modulepreloads of index.html), the route's lazy page chunk and its static imports, the chunk of
// its early data request and its strings (ROUTES), must stay within the budget (the issue's
// measure: gzipped JavaScript, 150 KB). The CSS those chunks bring is reported beside it, and a
// second, optional budget on JS + CSS (--total-budget) keeps the stylesheet from growing
// unnoticed. Chunks loaded on first use (a menu, a dialog, a console screen's editor) are not part
// of any first load and are not counted. Reads Vite's manifest (build.manifest) of a built dist;
// sizes are gzip -9 of each file, in KB of 1024 bytes.
//
// Usage: node scripts/size-budget.mjs [dist] [--budget KB] [--total-budget KB] [--json]
//   --budget KB        the JavaScript budget per route (default 150)
//   --total-budget KB  the JS + CSS budget per route (default: none, reported but not checked)
// Exits 1, naming each route over a budget and which one, when one is; 2 when the dist cannot be
// read or an option is not a number of KB.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

export const DEFAULT_BUDGET_KB = 150

/**
 * What each route loads on a first visit beyond the entry, as manifest keys (source paths): the
 * route's page chunk, the lazy pieces it always shows, the chunk of its early data request (all but
 * the server list's, app/routing/first-data.ts) and its default-language (zh) strings. A key
 * the manifest does not hold is bundled into a chunk that is counted already (the entry, before
 * the route was split off), so it adds nothing; a key naming no file at all is an error, so a
 * renamed page cannot silently leave the budget.
 */
export const ROUTES = {
  '/': ['src/features/servers/components/servers-page.tsx', 'src/locales/zh/servers.json'],
  '/servers': ['src/features/servers/components/servers-area.tsx', 'src/locales/zh/servers.json'],
  '/vip': ['src/features/vip/components/vip-page.tsx', 'src/features/vip/api/vip-api.ts', 'src/locales/zh/vip.json'],
  '/pracc': [
    'src/app/routing/pracc-route.tsx',
    'src/features/content/api/commands-api.ts',
    'src/locales/zh/pracc.json',
    'src/locales/zh/commands.json',
  ],
  '/leaderboard': [
    'src/features/leaderboard/components/leaderboard-page.tsx',
    'src/app/routing/first-data-leaderboard.ts',
    'src/locales/zh/leaderboard.json',
  ],
  '/faq': ['src/features/faq/components/faq-page.tsx', 'src/features/faq/api/faq-api.ts', 'src/locales/zh/faq.json'],
  '/inventory': ['src/features/inventory/components/inventory-page.tsx', 'src/locales/zh/inventory.json'],
  '/settings': ['src/features/settings/components/settings-area.tsx', 'src/locales/zh/settings.json'],
  '/orders': ['src/features/payments/components/orders-page.tsx', 'src/locales/zh/payments.json'],
  '/console': ['src/app/console/console-area.tsx', 'src/locales/zh/console.json'],
}

export function readManifest(dist) {
  const path = join(dist, '.vite', 'manifest.json')
  if (!existsSync(path)) throw new Error(`${path} is missing: build with build.manifest on (vite build)`)
  return JSON.parse(readFileSync(path, 'utf8'))
}

/** The manifest keys a key needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest, keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue
    into.add(key)
    staticClosure(manifest, manifest[key].imports ?? [], into)
  }
  return into
}

/** The files (JS and CSS) of a set of manifest keys. */
export function filesOf(manifest, keys) {
  const files = new Set()
  for (const key of keys) {
    const chunk = manifest[key]
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
  }
  return files
}

const isCss = (file) => file.endsWith('.css')

/**
 * Measures every route: { budgetBytes, totalBudgetBytes, entry, routes: [{ route, jsBytes,
 * cssBytes, bytes, files, jsOver, totalOver, over }] }, where `bytes` is JS + CSS, `budgetBytes`
 * the JavaScript budget, `totalBudgetBytes` the JS + CSS one (null when there is none) and `over`
 * is true when a route passes either. `entry` is { jsBytes, cssBytes, bytes } of the entry and its
 * static imports. `root` resolves route keys that are not in the manifest (default: the web folder).
 */
export function measure(
  dist,
  { budgetKb = DEFAULT_BUDGET_KB, totalBudgetKb = null, routes = ROUTES, root = webRoot() } = {},
) {
  const manifest = readManifest(dist)
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  if (entries.length === 0) throw new Error('the manifest names no entry chunk')
  const gzipped = new Map()
  const gz = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length)
    return gzipped.get(file)
  }
  const sizes = (files) => {
    let jsBytes = 0
    let cssBytes = 0
    for (const file of files) {
      if (isCss(file)) cssBytes += gz(file)
      else jsBytes += gz(file)
    }
    return { jsBytes, cssBytes, bytes: jsBytes + cssBytes }
  }
  const entryKeys = staticClosure(manifest, entries)
  const budgetBytes = Math.round(budgetKb * 1024)
  const totalBudgetBytes = totalBudgetKb == null ? null : Math.round(totalBudgetKb * 1024)

  const results = Object.entries(routes).map(([route, keys]) => {
    for (const key of keys) {
      if (!manifest[key] && !existsSync(join(root, key))) {
        throw new Error(`route ${route}: ${key} is neither a chunk in the manifest nor a source file`)
      }
    }
    const files = filesOf(manifest, staticClosure(manifest, keys, new Set(entryKeys)))
    const size = sizes(files)
    const jsOver = size.jsBytes > budgetBytes
    const totalOver = totalBudgetBytes != null && size.bytes > totalBudgetBytes
    return { route, ...size, files: [...files].sort(), jsOver, totalOver, over: jsOver || totalOver }
  })

  return { budgetBytes, totalBudgetBytes, entry: sizes(filesOf(manifest, entryKeys)), routes: results }
}

function webRoot() {
  return resolve(import.meta.dirname, '..')
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** A number of KB above 0 from an option's value, or null. */
function kbOption(value) {
  const number = Number(value)
  return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : null
}

function main(argv) {
  let dist = 'dist'
  let budgetKb = DEFAULT_BUDGET_KB
  let totalBudgetKb = null
  let json = false
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--budget' || argv[i] === '--total-budget') {
      const value = kbOption(argv[i + 1])
      if (value == null) {
        console.error(`size-budget: ${argv[i]} takes a number of KB above 0`)
        return 2
      }
      if (argv[i] === '--budget') budgetKb = value
      else totalBudgetKb = value
      i++
    } else if (argv[i] === '--json') json = true
    else dist = argv[i]
  }
  let report
  try {
    report = measure(resolve(dist), { budgetKb, totalBudgetKb })
  } catch (error) {
    console.error(`size-budget: ${error.message}`)
    return 2
  }
  const totalBudget = report.totalBudgetBytes == null ? 'none' : kb(report.totalBudgetBytes)
  if (json) {
    console.log(JSON.stringify(report, null, 2))
  } else {
    const row = (name, { jsBytes, cssBytes, bytes }, marks = '') =>
      `  ${name.padEnd(30)} ${kb(jsBytes).padStart(9)} ${kb(cssBytes).padStart(9)} ${kb(bytes).padStart(9)}${marks}`
    console.log(
      `size-budget: first load per route, gzip -9 (budgets: JS ${kb(report.budgetBytes)}, JS + CSS ${totalBudget})`,
    )
    console.log(`  ${'route'.padEnd(30)} ${'JS'.padStart(9)} ${'CSS'.padStart(9)} ${'JS + CSS'.padStart(9)}`)
    console.log(row('entry and its static imports', report.entry))
    for (const route of report.routes) {
      const marks = [route.jsOver && 'JS OVER BUDGET', route.totalOver && 'JS + CSS OVER BUDGET'].filter(Boolean)
      console.log(row(route.route, route, marks.length > 0 ? `  ${marks.join(', ')}` : ''))
    }
  }
  for (const route of report.routes) {
    if (route.jsOver) {
      console.error(
        `size-budget: ${route.route} loads ${kb(route.jsBytes)} of gzipped JavaScript before its first render, ` +
          `over the JS budget of ${kb(report.budgetBytes)} by ${kb(route.jsBytes - report.budgetBytes)} ` +
          `(--json lists the files)`,
      )
    }
    if (route.totalOver) {
      console.error(
        `size-budget: ${route.route} loads ${kb(route.bytes)} of gzipped JS + CSS before its first render, ` +
          `over the JS + CSS budget of ${totalBudget} by ${kb(route.bytes - report.totalBudgetBytes)} ` +
          `(--json lists the files)`,
      )
    }
  }
  return report.routes.some((route) => route.over) ? 1 : 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2))
}
