import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { App } from './app/app'
import { appRoutes } from './app/routes'
import { initI18n } from './lib/i18n'
import { createQueryClient } from './lib/query-client'

initI18n()
const router = createBrowserRouter(appRoutes)
const queryClient = createQueryClient()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
)
