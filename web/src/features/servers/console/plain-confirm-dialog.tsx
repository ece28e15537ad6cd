import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useErrorText } from '@/lib/error-text'

interface PlainConfirmDialogProps {
  title: string
  description: string
  confirmLabel: string
  onConfirm: () => Promise<unknown>
  onClose: () => void
}

/** A confirmation for a call that takes no reason (the server's DELETEs carry none); refusals stay in it. */
export function PlainConfirmDialog({ title, description, confirmLabel, onConfirm, onClose }: PlainConfirmDialogProps) {
  const { t } = useTranslation('console-ops')
  const errorText = useErrorText('console-ops')
  const [failure, setFailure] = useState<unknown>(null)
  const [working, setWorking] = useState(false)
  const confirm = async () => {
    setWorking(true)
    setFailure(null)
    try {
      await onConfirm()
      onClose()
    } catch (error) {
      setFailure(error)
    } finally {
      setWorking(false)
    }
  }
  return (
    <Dialog
      open
      size="sm"
      onOpenChange={(open) => !open && !working && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={working}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={working}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {failure !== null && (
        <p role="alert" className="text-sm text-danger-400">
          {errorText(failure)}
        </p>
      )}
    </Dialog>
  )
}
