import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { errorState, NAV_ERROR_CODES, useFromSearch } from '@/lib/navigation'

interface FeatureGateProps {
  enabled: boolean
  children: ReactNode
  /** Where a disabled feature sends the visitor; / unless given. */
  redirectTo?: string
}

/** Renders the feature, or redirects with the error 该功能未启用 when it is disabled. */
export function FeatureGate({ enabled, children, redirectTo = '/' }: FeatureGateProps) {
  const from = useFromSearch()
  if (enabled) return children
  return (
    <Navigate
      to={{ pathname: redirectTo, search: from }}
      replace
      state={errorState(NAV_ERROR_CODES.featureDisabled)}
    />
  )
}
