import { ImageUp, UserRound } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { Panel } from '@/components/ui/panel'

const COUNTRY_CODES = ['CN', 'SG', 'MY', 'JP', 'KR', 'AU', 'US', 'CA', 'BR', 'GB', 'DE', 'FR', 'SE', 'DK', 'PL', 'RU']

/** Static placeholder of the profile form (avatar, display name, e-mail, country). */
export function ProfileSettings() {
  const { t, i18n } = useTranslation('settings')
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language === 'zh' ? 'zh-CN' : 'en'], { type: 'region' })
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }))
  }, [i18n.language])

  return (
    <Panel title={t('profile.title')}>
      <form className="flex flex-col gap-6" onSubmit={(event) => event.preventDefault()}>
        <div className="flex flex-wrap items-center gap-4">
          <span className="grid size-16 place-items-center rounded-full border border-white/10 bg-gradient-to-br from-ink-600 to-ink-800 text-zinc-400">
            <UserRound className="size-8" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-zinc-100">{t('profile.avatar.label')}</p>
            <p className="text-xs text-zinc-500">{t('profile.avatar.hint')}</p>
          </div>
          <Button variant="secondary" size="sm" disabled>
            <ImageUp aria-hidden="true" />
            {t('profile.avatar.change')}
          </Button>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('profile.displayName.label')}
            placeholder={t('profile.displayName.placeholder')}
            autoComplete="nickname"
            maxLength={32}
          />
          <TextField
            label={t('profile.email.label')}
            placeholder={t('profile.email.placeholder')}
            type="email"
            autoComplete="email"
          />
          <SelectField
            label={t('profile.country.label')}
            placeholder={t('profile.country.placeholder')}
            options={countries}
            defaultValue=""
            autoComplete="country"
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </Panel>
  )
}
