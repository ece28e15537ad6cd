import './index.css'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App, AppRoutes } from './app/app'
import { prefetchFirstData } from './app/routing/first-data'
import { preloadPage } from './app/routing/lazy-pages'
import { DESKTOP_MEDIA_QUERY, FIRST_RENDER_WAIT_MS } from './lib/constants'
import { configQueryOptions } from './lib/config/fetch-remote-config'
import { initI18n, loadNamespaces } from './lib/i18n'
import { createQueryClient } from './lib/query-client'

const i18n = initI18n()
const queryClient = createQueryClient()
// The page's code, strings and first data start now, beside /api/config (preloaded by index.html),
// instead of one after the other once the configuration has answered.
const pageReady = preloadPage(window.location.pathname)
const configReady = queryClient.prefetchQuery(configQueryOptions)
void prefetchFirstData(queryClient, {
  pathname: window.location.pathname,
  search: window.location.search,
  language: i18n.language === 'en' ? 'en' : 'zh',
  desktop: window.matchMedia(DESKTOP_MEDIA_QUERY).matches,
})
// zh's shell strings are bundled; another language's arrive before the first render. The first render
// also waits, at most FIRST_RENDER_WAIT_MS, for the configuration and the page's code (all requested
// above, side by side), so that the app is drawn once with its page rather than as a loading screen,
// then the shell, then the page, each a render and a layout of the whole tree (issue 17: these made
// most of a phone's blocking time). A pre-script splash and waiting for the first data as well were
// measured and dropped (bench/RESULTS.md). Past the wait, the app's own loading states show.
const firstRenderWait = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))
await Promise.all([
  loadNamespaces(['common', 'shell']),
  Promise.race([Promise.all([configReady, pageReady]), firstRenderWait]),
])

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
const reactRoot = createRoot(root)
// As a transition, the first render yields to the browser every few milliseconds instead of building
// the whole page in one task (a phone's blocking time, issue 17).
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>,
  )
})
