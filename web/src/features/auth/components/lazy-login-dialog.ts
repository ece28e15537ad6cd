// The login dialog is a separate chunk, with its strings: most visitors never open it.
import { lazy } from 'react'
import { loadNamespace } from '@/lib/i18n'

export const loadLoginDialog = async () => {
  const [module] = await Promise.all([import('./login-dialog'), loadNamespace('auth')])
  return module
}

export const LazyLoginDialog = lazy(() => loadLoginDialog().then((module) => ({ default: module.LoginDialog })))
