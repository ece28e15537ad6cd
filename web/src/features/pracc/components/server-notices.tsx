import { Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Tooltip } from '@/components/ui/tooltip'

const NOTICES = ['init', 'beta', 'connect', 'time', 'workshop'] as const

/** The info button beside "My servers": its tooltip lists the five notices (spec 001 §2.2). */
export function ServerNotices() {
  const { t } = useTranslation('pracc')
  return (
    <Tooltip
      side="bottom"
      content={
        <ol className="flex max-w-[min(22rem,80vw)] list-decimal flex-col gap-1.5 py-1 pl-4 leading-relaxed">
          {NOTICES.map((key) => (
            <li key={key}>{t(`myServers.notices.${key}`)}</li>
          ))}
        </ol>
      }
    >
      <button
        type="button"
        aria-label={t('myServers.noticesLabel')}
        className="focus-ring grid size-8 cursor-help place-items-center rounded-lg text-zinc-400 hover:bg-white/[0.06] hover:text-white"
      >
        <Info className="size-4" aria-hidden="true" />
      </button>
    </Tooltip>
  )
}
