import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { useAppConfig } from '@/lib/config/config-context'
import { loadNamespace } from '@/lib/i18n'
import { useFromSearch } from '@/lib/navigation'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'
import { ServersPage } from './servers-page'

// The details (with its history chart) and rules pages load when opened, with their strings
// (servers-extra): a visit to the list downloads neither (issue 17).
const ServerDetailsPage = lazy(async () => ({
  default: (await Promise.all([import('./server-details-page'), loadNamespace('servers-extra')]))[0].ServerDetailsPage,
}))
const ServerRulesPage = lazy(async () => ({
  default: (await Promise.all([import('./server-rules-page'), loadNamespace('servers-extra')]))[0].ServerRulesPage,
}))

/** Shows what the app's route fallback shows while the page's chunk arrives. */
function Deferred({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common')
  const fallback = (
    <output className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-400">
      <Spinner />
      {t('status.loading')}
    </output>
  )
  return <Suspense fallback={fallback}>{children}</Suspense>
}

/** /servers/*: the list; details and rules only when their remote flags are on; else back to /servers. */
export function ServersArea() {
  const { servers } = useAppConfig()
  const from = useFromSearch()
  return (
    <Routes>
      <Route index element={<ServersPage />} />
      {servers.features.details && (
        <Route
          path="details/:serverId"
          element={
            <Deferred>
              <ServerDetailsPage />
            </Deferred>
          }
        />
      )}
      {servers.features.rules && (
        <Route
          path="rules/:serverId"
          element={
            <Deferred>
              <ServerRulesPage />
            </Deferred>
          }
        />
      )}
      <Route path="*" element={<Navigate to={{ pathname: '/servers', search: from }} replace />} />
    </Routes>
  )
}
