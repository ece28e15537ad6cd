import { useState } from 'react'
import type { PasswordProblem } from '../model/validation'

/**
 * A new password typed twice (registration, password reset): the two values and their messages.
 * Typing in a field clears its message; `check` (on submit) tests the first value against `rule`
 * and the second against the first, shows what is wrong and says whether the pair can be sent.
 */
export function useNewPassword(rule: (password: string) => PasswordProblem | null) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<PasswordProblem | null>(null)
  const [mismatch, setMismatch] = useState(false)
  return {
    password,
    confirm,
    problem,
    mismatch,
    changePassword: (value: string) => {
      setPassword(value)
      setProblem(null)
    },
    changeConfirm: (value: string) => {
      setConfirm(value)
      setMismatch(false)
    },
    check: (): boolean => {
      const found = rule(password)
      const differs = confirm !== password
      setProblem(found)
      setMismatch(differs)
      return found === null && !differs
    },
  }
}

export type NewPassword = ReturnType<typeof useNewPassword>
