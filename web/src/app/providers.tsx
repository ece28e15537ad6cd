import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'
import { ToastProvider } from '@/components/ui/toast'
import { ConfigProvider } from '@/lib/config/config-provider'
import { VipStatusSync } from '@/lib/memberships/vip-status-sync'
import { SessionProvider } from '@/lib/session-provider'
import { DocumentTitle } from './document-title'

function ConfigSplash() {
  const { t } = useTranslation('shell')
  return (
    <output data-testid="config-splash" className="grid min-h-dvh place-items-center">
      <span className="flex flex-col items-center gap-3 text-sm text-zinc-400">
        <Spinner className="size-8" />
        {t('loadingConfig')}
      </span>
    </output>
  )
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DocumentTitle />
        <ToastProvider>
          <ConfigProvider fallback={<ConfigSplash />}>
            <SessionProvider>
              <VipStatusSync />
              {children}
            </SessionProvider>
          </ConfigProvider>
        </ToastProvider>
    </QueryClientProvider>
  )
}
