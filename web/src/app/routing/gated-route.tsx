import type { ReactNode } from 'react'
import { useAppConfig } from '@/lib/config/config-context'
import { FeatureGate } from './feature-gate'

type GatedFeature = 'servers' | 'pracc' | 'settings'

/** A route element that only renders when its feature is enabled in the configuration. */
export function GatedRoute({ feature, element }: { feature: GatedFeature; element: ReactNode }) {
  const config = useAppConfig()
  return <FeatureGate enabled={config[feature].enabled}>{element}</FeatureGate>
}
