// The first-load size budget (issue 17): for every route, the gzipped JavaScript and CSS a visit
// fetches before the route's first render, i.e. the entry chunk, everything it imports statically
// (the modulepreloads of index.html), the route's lazy page chunk and its static imports, and its
// strings, must stay within the budget. Chunks loaded on first use (a menu, a dialog, a console
// screen's editor) are not part of any first load and are not counted. Reads Vite's manifest
// (build.manifest) of a built dist.
//
// Usage: node scripts/size-budget.mjs [dist] [--budget KB] [--json]
// Exits 1, naming each route over the budget, when one is; 2 when the dist cannot be read.
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

function readManifest(dist) {
  const path = join(dist, '.vite', 'manifest.json')
  if (!existsSync(path)) throw new Error(`${path} is missing: build with build.manifest on (vite build)`)
  return JSON.parse(readFileSync(path, 'utf8'))
}

/** The manifest keys a key needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue
    into.add(key)
    staticClosure(manifest, manifest[key].imports ?? [], into)
  }
  return into
}

/** The files (JS and CSS) of a set of manifest keys. */
function filesOf(manifest, keys) {
  const files = new Set()
  for (const key of keys) {
    const chunk = manifest[key]
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
  }
  return files
}

/**
 * Measures every route: { budgetBytes, entryBytes, routes: [{ route, bytes, files, over }] }.
 * `root` resolves route keys that are not in the manifest (default: the web folder).
 */
export function measure(dist, { budgetKb = DEFAULT_BUDGET_KB, routes = ROUTES, root = webRoot() } = {}) {
  const manifest = readManifest(dist)
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  if (entries.length === 0) throw new Error('the manifest names no entry chunk')
  const gzipped = new Map()
  const gz = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length)
    return gzipped.get(file)
  }
  const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0)
  const entryKeys = staticClosure(manifest, entries)
  const entryFiles = filesOf(manifest, entryKeys)
  const budgetBytes = Math.round(budgetKb * 1024)

  const results = Object.entries(routes).map(([route, keys]) => {
    for (const key of keys) {
      if (!manifest[key] && !existsSync(join(root, key))) {
        throw new Error(`route ${route}: ${key} is neither a chunk in the manifest nor a source file`)
      }
    }
    const files = filesOf(manifest, staticClosure(manifest, keys, new Set(entryKeys)))
    const bytes = sum(files)
    return { route, bytes, files: [...files].sort(), over: bytes > budgetBytes }
  })

  return { budgetBytes, entryBytes: sum(entryFiles), routes: results }
}

function webRoot() {
  return resolve(import.meta.dirname, '..')
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

function main(argv) {
  let dist = 'dist'
  let budgetKb = DEFAULT_BUDGET_KB
  let json = false
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--budget') budgetKb = Number(argv[++i])
    else if (argv[i] === '--json') json = true
    else dist = argv[i]
  }
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
    console.error('size-budget: --budget takes a number of KB')
    return 2
  }
  let report
  try {
    report = measure(resolve(dist), { budgetKb })
  } catch (error) {
    console.error(`size-budget: ${error.message}`)
    return 2
  }
  if (json) {
    console.log(JSON.stringify(report, null, 2))
  } else {
    console.log(`size-budget: first load per route, gzip -9 of JS + CSS (budget ${kb(report.budgetBytes)})`)
    console.log(`  ${'entry and its static imports'.padEnd(34)} ${kb(report.entryBytes).padStart(9)}`)
    for (const { route, bytes, over } of report.routes) {
      console.log(`  ${route.padEnd(34)} ${kb(bytes).padStart(9)}${over ? '  OVER BUDGET' : ''}`)
    }
  }
  const over = report.routes.filter((r) => r.over)
  for (const { route, bytes } of over) {
    console.error(
      `size-budget: ${route} loads ${kb(bytes)} gzipped before its first render, over the budget of ` +
        `${kb(report.budgetBytes)} by ${kb(bytes - report.budgetBytes)} (--json lists the files)`,
    )
  }
  return over.length > 0 ? 1 : 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2))
}
