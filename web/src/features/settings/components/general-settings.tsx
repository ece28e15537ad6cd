import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Panel } from '@/components/ui/panel'
import { Switch } from '@/components/ui/switch'

type Toggle =
  | 'interfaceSounds'
  | 'notificationSounds'
  | 'reduceMotion'
  | 'compactLayout'
  | 'autoRegion'
  | 'rentalExpiry'
  | 'announcements'

const GROUPS = [
  { group: 'audio', toggles: ['interfaceSounds', 'notificationSounds'] },
  { group: 'display', toggles: ['reduceMotion', 'compactLayout'] },
  { group: 'region', toggles: ['autoRegion'] },
  { group: 'notifications', toggles: ['rentalExpiry', 'announcements'] },
] as const

const INITIAL: Record<Toggle, boolean> = {
  interfaceSounds: true,
  notificationSounds: true,
  reduceMotion: false,
  compactLayout: false,
  autoRegion: true,
  rentalExpiry: true,
  announcements: false,
}

/** Static placeholder: the toggles work on screen but nothing is stored or sent yet. */
export function GeneralSettings() {
  const { t } = useTranslation('settings')
  const [values, setValues] = useState(INITIAL)
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">{t('general.title')}</h2>
      <div className="grid gap-4 xl:grid-cols-2">
        {GROUPS.map(({ group, toggles }) => (
          <Panel key={group} title={t(`general.${group}.title`)}>
            <div className="flex flex-col gap-5">
              {toggles.map((toggle) => (
                <Switch
                  key={toggle}
                  label={t(`general.${group}.${toggle}` as 'general.audio.interfaceSounds')}
                  description={t(`general.${group}.${toggle}Hint` as 'general.audio.interfaceSoundsHint')}
                  checked={values[toggle]}
                  onCheckedChange={(checked) => setValues((v) => ({ ...v, [toggle]: checked }))}
                />
              ))}
            </div>
          </Panel>
        ))}
      </div>
    </div>
  )
}
