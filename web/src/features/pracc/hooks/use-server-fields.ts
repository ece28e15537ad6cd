import { useState } from 'react'
import { validateServerName, validateServerPassword } from '../model/server-form'

/**
 * The new server's name and password with their rules (spec 001 §5). A field shows its error once it
 * has been typed in or left.
 */
export function useServerFields() {
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState({ name: false, password: false })
  const nameError = validateServerName(name)
  const passwordError = validateServerPassword(password)
  return {
    name,
    password,
    setName: (value: string) => {
      setName(value)
      setTouched((current) => ({ ...current, name: true }))
    },
    setPassword: (value: string) => {
      setPassword(value)
      setTouched((current) => ({ ...current, password: true }))
    },
    touch: (field: 'name' | 'password') => setTouched((current) => ({ ...current, [field]: true })),
    shownNameError: touched.name ? nameError : null,
    shownPasswordError: touched.password ? passwordError : null,
    valid: nameError === null && passwordError === null,
  }
}
