import { createContext, useContext } from 'react'
import { DEFAULT_CONFIG, type AppConfig } from './app-config'

export const ConfigContext = createContext<AppConfig>(DEFAULT_CONFIG)

/** The resolved configuration (remote values over local defaults). */
export function useAppConfig(): AppConfig {
  return useContext(ConfigContext)
}
