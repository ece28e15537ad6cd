// jsdom has no layout and no matchMedia: this stand-in evaluates min-width / max-width queries
// against a width the test sets, and notifies listeners when it changes.

type Listener = (event: MediaQueryListEvent) => void

let width = 1280
const lists = new Set<{ query: string; listeners: Set<Listener> }>()

function evaluate(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query)
  const max = /max-width:\s*(\d+)px/.exec(query)
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]))
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const entry = { query, listeners: new Set<Listener>() }
    lists.add(entry)
    return {
      get matches() {
        return evaluate(query)
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList
  }
}

export function setViewportWidth(next: number): void {
  width = next
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: next })
  for (const { query, listeners } of lists) {
    for (const listener of listeners) listener({ matches: evaluate(query), media: query } as MediaQueryListEvent)
  }
}
