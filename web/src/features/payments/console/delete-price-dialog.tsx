import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast-context'
import { useErrorText } from '@/lib/error-text'
import { priceKeyOf } from './price-form'
import { deletePrice, priceKeys, type ConsolePrice } from './prices-api'

/** Deleting a price takes no reason (the contract's DELETE carries only the key); it is still confirmed. */
export function DeletePriceDialog({ price, description, onClose }: { price: ConsolePrice; description: string; onClose: () => void }) {
  const { t } = useTranslation('console-ops')
  const errorText = useErrorText('console-ops')
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const [failure, setFailure] = useState<unknown>(null)
  const [working, setWorking] = useState(false)
  const confirm = async () => {
    setWorking(true)
    setFailure(null)
    try {
      await deletePrice(priceKeyOf(price))
      toast({ title: t('prices.deleted'), tone: 'success' })
      await queryClient.invalidateQueries({ queryKey: priceKeys.all })
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
      onOpenChange={(open) => !open && !working && onClose()}
      title={t('prices.deleteTitle')}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={working}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={working}>
            {t('common.delete')}
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
