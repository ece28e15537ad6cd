// Where a build's gzipped bytes are, per source module (issue 17): for each JS chunk of a build made
// with source maps, the bytes each source produced (from the map's segments), each module's share
// gzipped on its own and scaled so that a chunk's modules add up to the chunk's gzip -9 size. An
// estimate (gzip shares context across modules), good for ranking what to cut, not for budgets.
//
// Usage: npx vite build --sourcemap --outDir /tmp/dist-map && node scripts/chunk-modules.mjs /tmp/dist-map [chunk-name-part...]
// Modules under 0.15 KB are left out unless ALL=1. `(none)` is code no source maps to (Vite's
// preload helper, the dynamic imports' dependency lists, JSON turned into modules).
// @jridgewell/sourcemap-codec comes with Vite's toolchain (not a direct dependency of the web).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { decode } from '@jridgewell/sourcemap-codec'

const [dist = 'dist', ...only] = process.argv.slice(2)
const dir = join(dist, 'assets')
const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(7)
for (const file of readdirSync(dir).filter((name) => name.endsWith('.js')).sort()) {
  if (only.length > 0 && !only.some((part) => file.includes(part))) continue
  const code = readFileSync(join(dir, file), 'utf8')
  let map
  try {
    map = JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8'))
  } catch {
    continue
  }
  const parts = new Map()
  const add = (source, text) => parts.set(source, (parts.get(source) ?? '') + text)
  const lines = code.split('\n')
  decode(map.mappings).forEach((segments, index) => {
    const line = lines[index] ?? ''
    let column = 0
    let source = '(none)'
    for (const segment of segments) {
      if (segment[0] > column) add(source, line.slice(column, segment[0]))
      column = segment[0]
      source = segment.length > 1 ? map.sources[segment[1]].replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '') : '(none)'
    }
    add(source, `${line.slice(column)}\n`)
  })
  const total = gzipSync(code, { level: 9 }).length
  const rows = [...parts].map(([source, text]) => ({ source, raw: text.length, gz: gzipSync(text, { level: 9 }).length }))
  const alone = rows.reduce((sum, row) => sum + row.gz, 0)
  console.log(`${file}: ${kb(total).trim()} KB gzip, ${kb(code.length).trim()} KB raw`)
  for (const row of rows.sort((a, b) => b.gz - a.gz)) {
    const share = (row.gz * total) / alone
    if (share >= 150 || process.env.ALL) console.log(`  ${kb(share)} KB gzip ${kb(row.raw)} KB raw  ${row.source}`)
  }
}
