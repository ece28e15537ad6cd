import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useErrorText, type ErrorNamespace } from '@/lib/error-text'

interface FormFooterProps {
  /** The last submit's error (null: none); read with the screen's error namespace. */
  failure: unknown
  errorNamespace: ErrorNamespace
  /** A submit is on its way: both buttons wait for it. */
  working: boolean
  onCancel: () => void
}

/** The end of a console editor form: the failure of its last submit, then Cancel and Save (the submit). */
export function FormFooter({ failure, errorNamespace, working, onCancel }: FormFooterProps) {
  const { t } = useTranslation('console')
  const errorText = useErrorText(errorNamespace)
  return (
    <>
      {failure !== null && failure !== undefined && (
        <p role="alert" className="text-sm text-danger-400">
          {errorText(failure)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={working}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={working}>
          {t('form.save')}
        </Button>
      </div>
    </>
  )
}
