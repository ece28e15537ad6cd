// The Link-header list of each route's first-visit chunks (scripts/route-preloads.mjs) on a made-up
// build: what the route needs beyond the entry and its static imports, its CSS included, and never a
// chunk loaded on first use.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { routePreloads } from './route-preloads.mjs'

const dists = []

function fakeDist(manifest) {
  const dist = mkdtempSync(join(tmpdir(), 'route-preloads-'))
  dists.push(dist)
  mkdirSync(join(dist, '.vite'))
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dist
}

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_icons.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_icons.js': { file: 'assets/icons.js' },
  '_frame.js': { file: 'assets/frame.js', imports: ['_react.js', '_icons.js'] },
  'src/vip-page.tsx': {
    file: 'assets/vip-page.js',
    isDynamicEntry: true,
    imports: ['_frame.js', '_react.js'],
    css: ['assets/vip-page.css'],
    dynamicImports: ['src/pay-dialog.tsx'],
  },
  'src/pay-dialog.tsx': { file: 'assets/pay-dialog.js', isDynamicEntry: true, imports: ['_frame.js'] },
  'src/locales/zh/vip.json': { file: 'assets/vip-zh.js', isDynamicEntry: true },
}

afterEach(() => {
  for (const dist of dists.splice(0)) rmSync(dist, { recursive: true, force: true })
})

describe('route preloads', () => {
  it('lists a route\'s chunks, CSS and strings beyond the entry, as root paths, and no first-use chunk', () => {
    const preloads = routePreloads(fakeDist(manifest), {
      '/vip': ['src/vip-page.tsx', 'src/locales/zh/vip.json'],
      '/faq': ['src/faq-page.tsx'],
    })
    expect(preloads['/vip']).toEqual(['/assets/frame.js', '/assets/vip-page.css', '/assets/vip-page.js', '/assets/vip-zh.js'])
    // A page bundled into the entry needs nothing more.
    expect(preloads['/faq']).toEqual([])
  })
})
