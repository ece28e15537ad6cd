import { useCallback, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { ALL_TIME, parseSeasonParam, resolveScope, type SeasonOption, type SeasonScope } from '../model/season-scope'

const SEASON_PARAM = 'season'

/**
 * The time scope, kept in ?season= (spec 001 §4). Without the parameter the newest season is chosen
 * and written into the URL, replacing the entry so Back does not return to the bare address.
 * Choices replace the entry too, like the server list's filters.
 */
export function useSeasonScope(seasons: readonly SeasonOption[], seasonsSettled: boolean) {
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = parseSeasonParam(searchParams.get(SEASON_PARAM))
  const scope = resolveScope(requested, seasons, seasonsSettled)
  const latest = seasons[0]?.id

  const writeScope = useCallback(
    (next: SeasonScope) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current)
          params.set(SEASON_PARAM, String(next))
          return params
        },
        { replace: true },
      ),
    [setSearchParams],
  )

  useEffect(() => {
    if (requested === null && latest !== undefined) writeScope(latest)
  }, [requested, latest, writeScope])

  const chooseAllTime = useCallback(() => writeScope(ALL_TIME), [writeScope])
  const chooseSeason = useCallback((id: number) => writeScope(id), [writeScope])
  /** Switching to the season type keeps a chosen season, else takes the newest. */
  const chooseSeasonType = useCallback(() => {
    if (scope !== ALL_TIME || latest === undefined) return
    writeScope(latest)
  }, [scope, latest, writeScope])

  return { scope, latest, chooseAllTime, chooseSeason, chooseSeasonType }
}
