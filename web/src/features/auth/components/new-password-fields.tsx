import type { ComponentProps, ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/components/ui/field'
import type { NewPassword } from '../hooks/use-new-password'

type FieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'addon'>

function PlainPasswordField(props: FieldProps) {
  return <TextField type="password" {...props} />
}

interface NewPasswordFieldsProps {
  value: NewPassword
  label: string
  hint: string
  confirmLabel: string
  /** The input used for both; a plain password input unless given (e.g. PasswordField). */
  input?: ComponentType<FieldProps>
}

/** The new password and its confirmation, with the messages of `useNewPassword`. */
export function NewPasswordFields({
  value,
  label,
  hint,
  confirmLabel,
  input: Field = PlainPasswordField,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth')
  return (
    <>
      <Field
        label={label}
        hint={hint}
        autoComplete="new-password"
        value={value.password}
        onChange={(event) => value.changePassword(event.target.value)}
        message={value.problem ? t(`errors.${value.problem}`) : undefined}
      />
      <Field
        label={confirmLabel}
        autoComplete="new-password"
        value={value.confirm}
        onChange={(event) => value.changeConfirm(event.target.value)}
        message={value.mismatch ? t('errors.passwordMismatch') : undefined}
      />
    </>
  )
}
