/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const backend = process.env.PORTAL_DEV_BACKEND ?? 'http://127.0.0.1:8080'
const proxied = ['/api', '/healthz', '/readyz', '/metrics']

/**
 * react-router's production build makes its components and contexts with top-level calls a bundler
 * must assume have effects (`React.forwardRef(...)`, `React.createContext(...)`, `React.memo(...)`,
 * not marked pure) and names them with `X.displayName = "X"` property writes, which it must keep.
 * Together they kept Link, NavLink, Form and what those use (framework-mode prefetching, form
 * submission) in the entry of an app that uses none of them. This marks those calls pure and drops
 * the displayName writes (they only label components in React's developer tools), so unused
 * components are tree-shaken. No line moves (a source map stays true enough).
 */
function treeShakeRouter(): Plugin {
  return {
    name: 'portal:tree-shake-router',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const shakable = code
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
          .replace(/= (React(?:\$1)?\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1')
        return shakable === code ? null : { code: shakable, map: null }
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), treeShakeRouter()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    // Hashed assets stay under dist/assets (Vite's default); the backend serves the .br/.gz siblings.
    assetsDir: 'assets',
    sourcemap: false,
    // No modulepreload polyfill in the entry (0.4 KB gzip): of the browsers Vite's default target
    // covers (Chrome and Edge 111+, Firefox 114+, Safari 16.4+) only Safari 16 and Firefox 114 lack
    // <link rel=modulepreload>; they still load every chunk, they only skip the early fetch.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: scripts/size-budget.mjs reads it to check every route's first load.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes far less often than the app: its own chunk stays cached across deploys. Every
        // other library rides with the code that uses it (no catch-all vendor chunk: that forced every
        // library, QR codes and menus included, into every route's first load).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Everything else the entry needs before the first render, in one chunk: the backend speaks
            // HTTP/1.1, and dozens of tiny chunks (an icon each) cost a round trip per six of them.
            { name: 'shell', tags: ['$initial'], test: (id) => !/(index\.html|[\\/]src[\\/]main\.tsx)$/.test(id), priority: 1 },
            // The icons two or more pages share (the shell's own ride in `shell`), in one chunk too: as
            // chunks of their own they were ten of /pracc's and /servers' requests (issue 17, third
            // round). An icon one page uses rides in that page's chunk (minShareCount), so a route no
            // longer downloads the other pages' icons (2-5 KB gzip, issue 17, fourth round).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 0, minShareCount: 2 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    restoreMocks: true,
    css: false,
    // A bound for a hung test, not a speed check (see the async wait in src/testing/setup-tests.ts).
    testTimeout: 30000,
  },
})
