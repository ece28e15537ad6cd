import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App, AppRoutes } from './app/app'
import { preloadPage } from './app/routing/lazy-pages'
import { initI18n, loadNamespaces } from './lib/i18n'
import { createQueryClient } from './lib/query-client'

initI18n()
// zh's shell strings are bundled; another language's arrive before the first render.
await loadNamespaces(['common', 'shell'])
preloadPage(window.location.pathname)
const queryClient = createQueryClient()

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
