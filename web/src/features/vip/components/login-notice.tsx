import { LogIn, UserRound } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** Logged-out visitors see Please Login on the VIP page (spec 000 §2.8), with a way to do it. */
export function LoginNotice({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation('vip')
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-brand-500/30 bg-brand-500/[0.07] p-5 sm:flex-row sm:items-center"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-500/15 text-brand-300">
        <UserRound className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-bold text-white">
          {t('login.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-300">{t('login.body')}</p>
      </div>
      <Button onClick={() => onLogin()} className="self-start sm:self-center">
        <LogIn aria-hidden="true" />
        {t('login.action')}
      </Button>
    </section>
  )
}
