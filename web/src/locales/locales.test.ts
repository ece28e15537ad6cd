import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bundledResources, localeLoaders, namespaces } from './resources'

const here = dirname(fileURLToPath(import.meta.url))

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value]
  return Object.values(value).flatMap(leaves)
}

const allNamespaces = namespaces

/** A namespace's strings in one language. */
async function load(ns: (typeof namespaces)[number], lang: 'zh' | 'en'): Promise<unknown> {
  return (await localeLoaders[ns][lang]()).default
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('locale files', () => {
  it('zh and en have the same files', () => {
    expect(readdirSync(join(here, 'en')).sort()).toEqual(readdirSync(join(here, 'zh')).sort())
  })

  it('every file on disk has a loader, once', () => {
    const files = readdirSync(join(here, 'zh')).map((f) => f.replace(/\.json$/, ''))
    expect([...allNamespaces].sort()).toEqual(files.sort())
    expect(new Set(allNamespaces).size).toBe(allNamespaces.length)
  })

  it('bundles only the default language, and only what its loaders hand out too', async () => {
    expect(Object.keys(bundledResources)).toEqual(['zh'])
    for (const [ns, strings] of Object.entries(bundledResources.zh)) {
      expect((await localeLoaders[ns as (typeof namespaces)[number]].zh()).default).toBe(strings)
    }
  })

  it.each(allNamespaces)('%s has the same keys in zh and en', async (ns) => {
    const zh = keysOf(await load(ns, 'zh')).sort()
    const en = keysOf(await load(ns, 'en')).sort()
    expect(en).toEqual(zh)
  })

  it.each(allNamespaces)('%s has only non-empty strings with matching placeholders', async (ns) => {
    const zh = (await load(ns, 'zh')) as Record<string, unknown>
    const en = (await load(ns, 'en')) as Record<string, unknown>
    for (const value of [...leaves(zh), ...leaves(en)]) {
      expect(typeof value).toBe('string')
      expect((value as string).trim()).not.toBe('')
    }
    const get = (tree: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string
    for (const key of keysOf(zh)) expect(placeholders(get(en, key))).toEqual(placeholders(get(zh, key)))
  })

  it('files are valid JSON with no duplicate keys', () => {
    for (const lang of ['zh', 'en']) {
      for (const file of readdirSync(join(here, lang))) {
        const text = readFileSync(join(here, lang, file), 'utf8')
        const parsed = JSON.parse(text) as unknown
        // Re-serialising loses duplicates: equal key counts mean none were dropped.
        const declared = [...text.matchAll(/^\s*"([^"]+)"\s*:/gm)].length
        expect(keysOf(parsed).length + countObjects(parsed), `${lang}/${file}`).toBe(declared)
      }
    }
  })
})

function countObjects(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  return Object.values(value).reduce<number>((n, child) => n + (typeof child === 'object' && child ? 1 : 0) + countObjects(child), 0)
}
