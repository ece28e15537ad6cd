import { Search } from 'lucide-react'
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { COMMAND_QUERY_MAX, COMMAND_TYPES, groupByType, searchCommands, type ChatCommand, type CommandType } from '../model/commands'
import { CommandItem } from './command-item'

export interface AllCommandsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  commands: readonly ChatCommand[]
  loading: boolean
}

function CommandColumn({ type, commands }: { type: CommandType; commands: ChatCommand[] }) {
  const { t } = useTranslation('commands')
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-bold text-white">
        {t(`types.${type}`)}
        <span aria-hidden="true" className="rounded-full bg-white/[0.06] px-2 py-0.5 text-xs font-semibold text-zinc-400">
          {commands.length}
        </span>
      </h3>
      {commands.length === 0 ? (
        <p className="rounded-xl border border-dashed border-white/10 px-3 py-4 text-center text-xs text-zinc-500">
          {t('all.noMatch')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2 md:max-h-[55dvh] md:overflow-y-auto md:pr-1">
          {commands.map((command) => (
            <CommandItem key={command.id} command={command} />
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * Every command in three columns, Match, Practice and Admin (stacked on narrow screens), with a
 * search over the command and both descriptions (spec 001 §2.2). Focus starts in the search box.
 */
export function AllCommandsDialog({ open, onOpenChange, commands, loading }: AllCommandsDialogProps) {
  const { t } = useTranslation('commands')
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const search = useRef<HTMLInputElement>(null)
  const groups = useMemo(() => groupByType(searchCommands(commands, deferredQuery)), [commands, deferredQuery])

  const changeOpen = (next: boolean) => {
    if (!next) setQuery('')
    onOpenChange(next)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={t('all.title')}
      description={t('all.description')}
      size="lg"
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        search.current?.focus()
      }}
    >
      <div className="flex flex-col gap-5">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
            aria-hidden="true"
          />
          <input
            ref={search}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('all.search')}
            placeholder={t('all.searchPlaceholder')}
            maxLength={COMMAND_QUERY_MAX}
            className="focus-ring h-10 w-full rounded-lg border border-white/10 bg-ink-900 pr-3 pl-9 text-sm text-zinc-100 placeholder:text-zinc-500 hover:border-white/20"
          />
        </div>
        {loading ? (
          <output className="flex items-center justify-center gap-3 py-10 text-sm text-zinc-400">
            <Spinner />
            {t('loading')}
          </output>
        ) : (
          <div className="grid grid-cols-1 gap-5 md:grid-cols-3 md:gap-4">
            {COMMAND_TYPES.map((type) => (
              <CommandColumn key={type} type={type} commands={groups[type]} />
            ))}
          </div>
        )}
      </div>
    </Dialog>
  )
}
