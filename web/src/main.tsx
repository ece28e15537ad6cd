import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App, AppRoutes } from './app/app'
import { prefetchFirstData } from './app/routing/first-data'
import { preloadPage } from './app/routing/lazy-pages'
import { DESKTOP_MEDIA_QUERY } from './lib/constants'
import { initI18n, loadNamespaces } from './lib/i18n'
import { createQueryClient } from './lib/query-client'

const i18n = initI18n()
const queryClient = createQueryClient()
// The page's code, strings and first data start now, beside /api/config (preloaded by index.html),
// instead of one after the other once the configuration has answered.
preloadPage(window.location.pathname)
void prefetchFirstData(queryClient, {
  pathname: window.location.pathname,
  search: window.location.search,
  language: i18n.language === 'en' ? 'en' : 'zh',
  desktop: window.matchMedia(DESKTOP_MEDIA_QUERY).matches,
})
// zh's shell strings are bundled; another language's arrive before the first render.
await loadNamespaces(['common', 'shell'])

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>,
)
