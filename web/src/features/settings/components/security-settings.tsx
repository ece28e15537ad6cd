import { History } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { TextField } from '@/components/ui/field'
import { Panel } from '@/components/ui/panel'
import { Switch } from '@/components/ui/switch'
import { PASSWORD_MIN_LENGTH } from '@/lib/constants'

/** Static placeholder: password change, two-factor authentication and the security log. */
export function SecuritySettings() {
  const { t } = useTranslation('settings')
  const [twoFactor, setTwoFactor] = useState(false)
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">{t('security.title')}</h2>
      <Panel title={t('security.password.title')}>
        <form className="grid gap-4 md:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
          <TextField label={t('security.password.current')} type="password" autoComplete="current-password" />
          <TextField
            label={t('security.password.new')}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            hint={t('security.password.hint', { min: PASSWORD_MIN_LENGTH })}
          />
          <TextField label={t('security.password.confirm')} type="password" autoComplete="new-password" />
          <div className="flex justify-end md:col-span-3">
            <Button type="submit" disabled>
              {t('security.password.submit')}
            </Button>
          </div>
        </form>
      </Panel>
      <Panel title={t('security.twoFactor.title')}>
        <Switch
          label={t('security.twoFactor.toggle')}
          description={t('security.twoFactor.hint')}
          checked={twoFactor}
          onCheckedChange={setTwoFactor}
        />
      </Panel>
      <Panel title={t('security.log.title')} description={t('security.log.description')}>
        <EmptyState icon={History} title={t('security.log.empty')} />
      </Panel>
    </div>
  )
}
