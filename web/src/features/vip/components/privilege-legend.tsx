import { useTranslation } from 'react-i18next'
import { ACCESS_LEVELS } from '../model/privilege-access'
import { AccessMark } from './access-mark'

/** What the three symbols mean (spec 000 §2.8). */
export function PrivilegeLegend() {
  const { t } = useTranslation('vip')
  return (
    <dl aria-label={t('legend.label')} className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-zinc-400">
      {ACCESS_LEVELS.map((access) => (
        <div key={access} className="flex items-center gap-2">
          <dt>
            <AccessMark access={access} />
          </dt>
          <dd>{t(`legend.${access}`)}</dd>
        </div>
      ))}
    </dl>
  )
}
