import { ListChecks, Terminal } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { deferredComponent } from '@/components/ui/deferred-component'
import { DeferredDialog } from '@/components/ui/deferred-part'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { useMediaQuery } from '@/lib/use-media-query'
import { useCommands } from '../hooks/use-commands'
import { frequentCommands } from '../model/commands'
import type { AllCommandsDialogProps } from './all-commands-dialog'
import { CommandItem } from './command-item'

// The full command list's dialog loads with its first opening, not with /pracc (issue 17).
const allCommandsDialog = deferredComponent<AllCommandsDialogProps>(
  async () => (await import('./all-commands-dialog')).AllCommandsDialog,
)

/** Screen widths at which the frequent commands take two and three columns. */
export const TWO_COLUMNS_QUERY = '(min-width: 768px)'
export const THREE_COLUMNS_QUERY = '(min-width: 1280px)'

function useColumnCount(): 1 | 2 | 3 {
  const two = useMediaQuery(TWO_COLUMNS_QUERY)
  const three = useMediaQuery(THREE_COLUMNS_QUERY)
  return three ? 3 : two ? 2 : 1
}

interface CommonCommandsPanelProps {
  /** The practice page's top area is collapsed: only the heading and the button to all commands show. */
  collapsed?: boolean
  className?: string
}

/**
 * The practice page's "common commands" panel (spec 001 §2.2): the frequent commands in one, two or
 * three columns by screen width, each copyable, and a button opening every command in a dialog.
 */
export function CommonCommandsPanel({ collapsed = false, className }: CommonCommandsPanelProps) {
  const { t } = useTranslation('commands')
  const { commands, loading, failed } = useCommands()
  const frequent = useMemo(() => frequentCommands(commands), [commands])
  const columns = useColumnCount()
  const [dialogOpen, setDialogOpen] = useState(false)
  const titleId = useId()

  return (
    <section
      aria-labelledby={titleId}
      className={cn('flex min-h-0 min-w-0 flex-col gap-3 rounded-2xl border border-white/[0.07] bg-ink-850/80 p-4', className)}
    >
      <div className="flex items-center gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-500/10 text-brand-400">
          <Terminal className="size-4" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-bold text-white">
          {t('common.title')}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setDialogOpen(true)} aria-haspopup="dialog">
          <ListChecks aria-hidden="true" />
          {t('common.showAll')}
        </Button>
      </div>
      {!collapsed && (
        <div className="min-h-0 flex-1 overflow-y-auto pr-1">
          {loading ? (
            <output className="flex items-center gap-3 py-4 text-sm text-zinc-400">
              <Spinner className="size-5" />
              {t('loading')}
            </output>
          ) : frequent.length === 0 ? (
            <p className="py-4 text-sm text-zinc-500">{failed ? t('loadFailed') : t('common.empty')}</p>
          ) : (
            <ul
              aria-label={t('common.title')}
              data-columns={columns}
              className="grid gap-2"
              style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            >
              {frequent.map((command) => (
                <CommandItem key={command.id} command={command} />
              ))}
            </ul>
          )}
        </div>
      )}
      <DeferredDialog
        part={allCommandsDialog}
        props={{ open: dialogOpen, onOpenChange: setDialogOpen, commands, loading }}
      />
    </section>
  )
}
