import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useErrorText } from '@/lib/error-text'
import { reasonProblem, type ReasonProblem } from '@/lib/console/reason'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  /** Fields of the change itself (days, a group), shown above the reason. */
  children?: ReactNode
  confirmLabel?: string
  tone?: 'primary' | 'danger'
  /**
   * Sends the change with the reason (trimmed). Resolving closes the dialog; rejecting keeps it open
   * and shows the error. Return false to keep it open without an error (a field of `children` is wrong).
   */
  onConfirm: (reason: string) => Promise<unknown>
}

/**
 * A change that needs a reason for the audit log: the reason is required (1..200 characters), focus
 * starts in it and stays in the dialog, Escape and Cancel close it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  tone = 'primary',
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation('console')
  const errorText = useErrorText('console')
  const id = useId()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<ReasonProblem | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [working, setWorking] = useState(false)

  const change = (next: boolean) => {
    if (working) return
    if (!next) {
      setReason('')
      setProblem(null)
      setFailure(null)
    }
    onOpenChange(next)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = reasonProblem(reason)
    setProblem(found)
    if (found) {
      document.getElementById(`${id}-reason`)?.focus()
      return
    }
    setWorking(true)
    setFailure(null)
    try {
      const result = await onConfirm(reason.trim())
      setWorking(false)
      if (result === false) return
      setReason('')
      onOpenChange(false)
    } catch (error) {
      setWorking(false)
      setFailure(error)
    }
  }

  const describedBy = [`${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ')
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        const first = document.querySelector<HTMLElement>(`[data-confirm-form="${id}"] input, [data-confirm-form="${id}"] textarea`)
        first?.focus()
      }}
    >
      <form data-confirm-form={id} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        {children}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-zinc-200">
            {t('confirm.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            required
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            className="focus-ring w-full rounded-lg border border-white/10 bg-ink-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500"
          />
          <p id={`${id}-hint`} className="text-xs text-zinc-500">
            {t('confirm.reasonHint')}
          </p>
          {problem && (
            <p id={`${id}-problem`} className="text-xs text-danger-400">
              {t(`confirm.${problem}`)}
            </p>
          )}
        </div>
        {failure !== null && (
          <p role="alert" className="text-sm text-danger-400">
            {errorText(failure)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => change(false)} disabled={working}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" variant={tone} disabled={working}>
            {working ? t('confirm.working') : (confirmLabel ?? t('confirm.confirm'))}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
