import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DESKTOP_BREAKPOINT_PX } from './constants'

// Read from disk: the test run does not process CSS, so an import of it comes back empty.
const stylesheet = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'index.css'), 'utf8')

/** The stylesheet's breakpoints as written in its @theme block, by name. */
function themeBreakpoints(): Map<string, string> {
  return new Map([...stylesheet.matchAll(/--breakpoint-([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]))
}

describe('breakpoints', () => {
  it('switches the CSS to the desktop table at the width the code renders its cells for', () => {
    expect(themeBreakpoints().get('lg')).toBe(`${DESKTOP_BREAKPOINT_PX}px`)
  })

  it('gives every breakpoint in px, so none follows the browser font size while the code does not', () => {
    const breakpoints = themeBreakpoints()
    expect([...breakpoints.keys()]).toEqual(['sm', 'md', 'lg', 'xl', '2xl'])
    for (const value of breakpoints.values()) expect(value).toMatch(/^\d+px$/)
  })
})
