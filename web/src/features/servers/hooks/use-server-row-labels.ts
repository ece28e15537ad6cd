import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { regionLabel } from '../components/server-labels'

/**
 * The rows' texts, looked up once per language for the whole table rather than in every row: typing
 * in the filter mounts a screenful of rows in the key's frame (issue 17: key to painted list).
 */
export interface ServerRowLabels {
  pinned: string
  online: string
  offline: string
  copy: string
  join: string
  showPlayers: (name: string) => string
  joinServer: (name: string) => string
  region: (code: string) => string
}

export function useServerRowLabels(): ServerRowLabels {
  const { t } = useTranslation('servers')
  return useMemo(() => {
    const regions = new Map<string, string>()
    return {
      pinned: t('table.pinned'),
      online: t('table.statusOnline'),
      offline: t('table.statusOffline'),
      copy: t('row.copy'),
      join: t('row.join'),
      showPlayers: (name) => t('row.showPlayers', { name }),
      joinServer: (name) => t('row.joinServer', { name }),
      region: (code) => {
        let label = regions.get(code)
        if (label === undefined) regions.set(code, (label = regionLabel(t, code)))
        return label
      },
    }
  }, [t])
}

