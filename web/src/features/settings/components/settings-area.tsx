import { Info, Settings } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Navigate, Route, Routes } from 'react-router'
import { PageFrame } from '@/components/ui/page-frame'
import { useAppConfig } from '@/lib/config/config-context'
import { errorState, NAV_ERROR_CODES, useFromSearch } from '@/lib/navigation'
import { GeneralSettings } from './general-settings'
import { ProfileSettings } from './profile-settings'
import { SecuritySettings } from './security-settings'
import { SETTINGS_SECTIONS } from './settings-sections'
import { SettingsNav } from './settings-nav'

/**
 * /settings/*: index = general, then profile and security, each only when enabled in the
 * configuration. Any other path goes back to /settings; with no section enabled the area is off.
 */
export function SettingsArea() {
  const { t } = useTranslation(['settings', 'common'])
  const { settings } = useAppConfig()
  const from = useFromSearch()
  const sections = SETTINGS_SECTIONS.filter(({ key }) => settings.features[key])
  const [first] = sections

  if (!first) {
    return (
      <Navigate
        to={{ pathname: '/', search: from }}
        replace
        state={errorState(NAV_ERROR_CODES.featureDisabled)}
      />
    )
  }

  const index = settings.features.general ? (
    <GeneralSettings />
  ) : (
    <Navigate to={{ pathname: first.path, search: from }} replace />
  )

  return (
    <PageFrame title={t('title')} description={t('description')} icon={Settings}>
      <p className="flex items-center gap-2 rounded-xl border border-sky-400/20 bg-sky-400/[0.06] px-4 py-2.5 text-sm text-sky-200">
        <Info className="size-4 shrink-0" aria-hidden="true" />
        {t('common:status.notSavedYet')}
      </p>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <SettingsNav sections={sections} />
        <div className="min-w-0 flex-1">
          <Routes>
            <Route index element={index} />
            {settings.features.profile && <Route path="profile" element={<ProfileSettings />} />}
            {settings.features.security && <Route path="security" element={<SecuritySettings />} />}
            <Route path="*" element={<Navigate to={{ pathname: '/settings', search: from }} replace />} />
          </Routes>
        </div>
      </div>
    </PageFrame>
  )
}
