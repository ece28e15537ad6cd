// Writes dist/route-preloads.json: for every route of the first-load budget (size-budget.mjs
// ROUTES), the files its first visit needs beyond the entry and its static imports (which
// index.html names already). The portal sends them in a Link header with the route's page
// (backend http/route_preloads), so a first visit fetches its page's chunks, data request and
// strings beside the entry instead of after the entry has run: one round trip less before the
// first paint on a slow link (issue 17).
//
// Usage: node scripts/route-preloads.mjs [dist]
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { filesOf, readManifest, ROUTES, staticClosure } from './size-budget.mjs'

/** { route: ['/assets/file.js', '/assets/file.css', ...] } of a built dist, in a stable order. */
export function routePreloads(dist, routes = ROUTES) {
  const manifest = readManifest(dist)
  const entryKeys = staticClosure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key].isEntry),
  )
  const entryFiles = filesOf(manifest, entryKeys)
  const preloads = {}
  for (const [route, keys] of Object.entries(routes)) {
    const files = filesOf(manifest, staticClosure(manifest, keys, new Set(entryKeys)))
    preloads[route] = [...files]
      .filter((file) => !entryFiles.has(file))
      .sort()
      .map((file) => `/${file}`)
  }
  return preloads
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = resolve(process.argv[2] ?? 'dist')
  const preloads = routePreloads(dist)
  writeFileSync(join(dist, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`)
  const count = Object.values(preloads).reduce((sum, files) => sum + files.length, 0)
  console.log(`route-preloads: ${Object.keys(preloads).length} routes, ${count} files`)
}
