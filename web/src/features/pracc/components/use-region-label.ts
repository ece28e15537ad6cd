import { useTranslation } from 'react-i18next'
import { isRentalRegion } from '../model/regions'

/** A region code's name in the UI language; unknown codes as they come. */
export function useRegionLabel(): (code: string) => string {
  const { t } = useTranslation('pracc-servers')
  return (code) => (isRentalRegion(code) ? t(`regions.${code}`) : code)
}
