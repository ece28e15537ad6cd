// The privilege table editor's model (spec 000 §2.8, §3): rows in their display order, both
// languages' texts, one value per user group (1 allowed, 2 optional, 0 forbidden). Edits stay local
// until the whole table is saved with PUT /api/console/vip-privileges; the server checks the same.

export const PRIVILEGE_GROUPS = ['normal', 'vip', 'pro', 'kol', 'op'] as const
export type PrivilegeGroup = (typeof PRIVILEGE_GROUPS)[number]
export const PRIVILEGE_VALUES = [1, 2, 0] as const
export type PrivilegeValue = (typeof PRIVILEGE_VALUES)[number]

export interface PrivilegeText {
  content: string
  detail: string
}

export interface PrivilegeRow {
  key: string
  zh: PrivilegeText
  en: PrivilegeText
  values: Record<PrivilegeGroup, PrivilegeValue>
}

const KEY = /^[a-z0-9_]{2,40}$/
const CONTENT_MAX = 100
const DETAIL_MAX = 500

const length = (text: string) => [...text.trim()].length

export function moveRow(rows: readonly PrivilegeRow[], index: number, by: -1 | 1): PrivilegeRow[] {
  const target = index + by
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows]
  const next = [...rows]
  ;[next[index], next[target]] = [next[target], next[index]]
  return next
}

/** A fresh row with a key no other row has (privilege_2, privilege_3 ...). */
export function newRow(rows: readonly PrivilegeRow[]): PrivilegeRow {
  const taken = new Set(rows.map((row) => row.key))
  let n = rows.length + 1
  while (taken.has(`privilege_${n}`)) n += 1
  return {
    key: `privilege_${n}`,
    zh: { content: '', detail: '' },
    en: { content: '', detail: '' },
    values: { normal: 0, vip: 1, pro: 1, kol: 1, op: 1 },
  }
}

export type RowProblem = 'contentInvalid' | 'detailInvalid' | 'keyInvalid'

/** The first problem of the table as {row (1-based), problem}, or null when it can be saved. */
export function firstProblem(rows: readonly PrivilegeRow[]): { row: number; problem: RowProblem } | null {
  const seen = new Set<string>()
  for (const [index, row] of rows.entries()) {
    const at = index + 1
    if (!KEY.test(row.key) || seen.has(row.key)) return { row: at, problem: 'keyInvalid' }
    seen.add(row.key)
    for (const language of ['zh', 'en'] as const) {
      const text = row[language]
      if (length(text.content) === 0 || length(text.content) > CONTENT_MAX) return { row: at, problem: 'contentInvalid' }
      if (length(text.detail) > DETAIL_MAX) return { row: at, problem: 'detailInvalid' }
    }
  }
  return null
}

/** The value shown for anything the server stores outside 0..2 (spec: any other value is forbidden). */
export function toPrivilegeValue(raw: number): PrivilegeValue {
  return raw === 1 || raw === 2 ? raw : 0
}
