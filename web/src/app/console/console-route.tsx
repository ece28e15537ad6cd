// /console/* in the shell's route table: the console and its strings load as their own chunks, only
// when someone opens it (nothing of it is in what a player downloads).
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'

const ConsoleArea = lazy(async () => {
  const [area, strings] = await Promise.all([import('./console-area'), import('./console-strings')])
  await strings.loadConsoleStrings()
  return { default: area.ConsoleArea }
})

function ConsoleFallback() {
  const { t } = useTranslation('common')
  return (
    <output className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-400">
      <Spinner />
      {t('status.loading')}
    </output>
  )
}

/** `onLogin` opens the login dialog for a visitor (the shell owns it). */
export function ConsoleRoute({ onLogin }: { onLogin: () => void }) {
  return (
    <Suspense fallback={<ConsoleFallback />}>
      <ConsoleArea onLogin={onLogin} />
    </Suspense>
  )
}
