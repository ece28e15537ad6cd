import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { errorText } from '@/lib/error-text'
import { rconCommand, recall, type RconEntry } from './rcon-session'
import { serverCalls, type ConsoleServer } from './servers-api'

/** A command line on one server's RCON: each answer under its command, this session's history kept. */
export function RconConsoleDialog({ server, onClose }: { server: ConsoleServer; onClose: () => void }) {
  const { t } = useTranslation('console-ops')
  const [entries, setEntries] = useState<RconEntry[]>([])
  const [input, setInput] = useState('')
  const [draft, setDraft] = useState('')
  const [position, setPosition] = useState(0)
  const [problem, setProblem] = useState(false)
  const nextId = useRef(1)
  const sending = entries.some((entry) => entry.output === undefined)

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const command = rconCommand(input)
    setProblem(command === null)
    if (command === null || sending) return
    const id = nextId.current++
    setEntries((current) => [...current, { id, command }])
    setInput('')
    setDraft('')
    setPosition(0)
    let output: string
    let failed = false
    try {
      output = (await serverCalls.rcon(server.id, command)).output
    } catch (error) {
      output = errorText(error, 'console-ops')
      failed = true
    }
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, output, failed } : entry)))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
    event.preventDefault()
    const typed = position === 0 ? input : draft
    if (position === 0) setDraft(input)
    const next = recall(
      entries.map((entry) => entry.command),
      position,
      event.key,
      typed,
    )
    setPosition(next.position)
    setInput(next.text)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('servers.rconTitle', { name: server.name })} description={t('servers.rconHint')} size="lg">
      <div className="flex flex-col gap-3">
        <section aria-label={t('servers.rconHistory')} className="max-h-80 overflow-y-auto rounded-lg bg-black/50 p-3 font-mono text-xs" aria-live="polite">
          {entries.length === 0 ? (
            <p className="text-zinc-500">{t('servers.rconEmpty')}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {entries.map((entry) => (
                <li key={entry.id} data-testid="rcon-entry">
                  <p className="text-brand-300">&gt; {entry.command}</p>
                  <pre className={entry.failed ? 'whitespace-pre-wrap text-danger-400' : 'whitespace-pre-wrap text-zinc-200'}>
                    {entry.output === undefined ? t('servers.rconSending') : entry.output || t('servers.rconNoOutput')}
                  </pre>
                </li>
              ))}
            </ol>
          )}
        </section>
        <form onSubmit={(event) => void send(event)} className="flex items-end gap-2" noValidate>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <label htmlFor="rcon-command" className="text-sm font-medium text-zinc-200">
              {t('servers.rconCommand')}
            </label>
            <input
              id="rcon-command"
              autoComplete="off"
              spellCheck={false}
              value={input}
              onChange={(event) => {
                setInput(event.target.value)
                setPosition(0)
              }}
              onKeyDown={onKeyDown}
              aria-invalid={problem || undefined}
              aria-describedby={problem ? 'rcon-command-problem' : undefined}
              className="focus-ring h-10 w-full rounded-lg border border-white/10 bg-ink-900 px-3 font-mono text-sm text-zinc-100"
            />
          </div>
          <Button type="submit" disabled={sending}>
            {sending ? t('servers.rconSending') : t('servers.rconSend')}
          </Button>
        </form>
        {problem && (
          <p id="rcon-command-problem" className="text-xs text-danger-400">
            {t('servers.rconCommandInvalid')}
          </p>
        )}
      </div>
    </Dialog>
  )
}
