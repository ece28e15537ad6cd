import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/ui/copy-button'
import { cn } from '@/lib/cn'
import { useLanguage } from '@/lib/use-language'
import { descriptionIn, type ChatCommand } from '../model/commands'

interface CommandItemProps {
  command: ChatCommand
  className?: string
}

/**
 * One command: what to type, what it does (in the UI language) and a copy button. Both are shown in
 * full and wrap: nothing hides behind a hover title, which a touch screen cannot show.
 */
export function CommandItem({ command, className }: CommandItemProps) {
  const { t } = useTranslation('commands')
  const language = useLanguage()
  const description = descriptionIn(command, language)
  return (
    <li
      className={cn(
        'flex min-w-0 items-start gap-2 rounded-xl border border-white/[0.06] bg-ink-900/60 px-3 py-2',
        className,
      )}
    >
      <div className="min-w-0 flex-1">
        <code className="block font-mono text-sm font-semibold text-brand-300 wrap-anywhere">{command.command}</code>
        {description && <p className="mt-0.5 text-xs text-zinc-400">{description}</p>}
      </div>
      <CopyButton
        text={command.command}
        label={t('copy', { command: command.command })}
        iconOnly
        variant="ghost"
        className="-mr-1 size-8 px-0"
      />
    </li>
  )
}
