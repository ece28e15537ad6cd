import { useState } from 'react'
import { canAddAdmin, newTempId, type AdminRow } from '../model/admins'

interface Person {
  steamid: string
  name: string
}

const toRow = ({ steamid, name }: Person): AdminRow => ({ tempId: newTempId(), steamid, name })

/** The admin editor's rows: add (up to 7), edit, remove, and add a teammate once. */
export function useAdminRows(initial: readonly Person[]) {
  const [rows, setRows] = useState<AdminRow[]>(() => initial.map(toRow))
  const add = (person: Person = { steamid: '', name: '' }) =>
    setRows((current) => {
      if (!canAddAdmin(current)) return current
      if (person.steamid && current.some((row) => row.steamid.trim() === person.steamid)) return current
      return [...current, toRow(person)]
    })
  const update = (tempId: string, patch: Partial<Pick<AdminRow, 'steamid' | 'name'>>) =>
    setRows((current) => current.map((row) => (row.tempId === tempId ? { ...row, ...patch } : row)))
  const remove = (tempId: string) => setRows((current) => current.filter((row) => row.tempId !== tempId))
  return { rows, add, update, remove }
}
