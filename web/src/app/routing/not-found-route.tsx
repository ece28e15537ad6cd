import { Navigate } from 'react-router'
import { errorState, NAV_ERROR_CODES, useFromSearch } from '@/lib/navigation'

/** Any unknown path: back to / with the error 页面不存在. */
export function NotFoundRoute() {
  const from = useFromSearch()
  return <Navigate to={{ pathname: '/', search: from }} replace state={errorState(NAV_ERROR_CODES.pageNotFound)} />
}
