// GET|PUT /api/console/vip-privileges (docs/console.md "Content"): the whole privilege table, both
// languages. Texts may come nested per language or flat (content_zh ...); values per group nested or
// flat. The table is sent back whole, in display order.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'
import { PRIVILEGE_GROUPS, toPrivilegeValue, type PrivilegeGroup, type PrivilegeRow } from './privilege-rows'

const text = z.catch(z.optional(z.nullable(z.string())), undefined)
const languageText = z.catch(z.optional(z.nullable(z.looseObject({ content: text, detail: text }))), undefined)
const value = z.catch(z.optional(z.nullable(z.number())), undefined)

const rawPrivilege = z.looseObject({
  key: z.catch(z.string(), ''),
  order: z.catch(z.optional(z.number()), undefined),
  zh: languageText,
  en: languageText,
  content_zh: text,
  content_en: text,
  detail_zh: text,
  detail_en: text,
  values: z.catch(z.optional(z.nullable(z.record(z.string(), z.number()))), undefined),
  normal: value,
  vip: value,
  pro: value,
  kol: value,
  op: value,
})
type RawPrivilege = z.infer<typeof rawPrivilege>

function toRow(raw: RawPrivilege): PrivilegeRow {
  const values = Object.fromEntries(
    PRIVILEGE_GROUPS.map((group) => [group, toPrivilegeValue(raw.values?.[group] ?? raw[group] ?? 0)]),
  ) as Record<PrivilegeGroup, PrivilegeRow['values'][PrivilegeGroup]>
  return {
    key: raw.key,
    zh: { content: raw.zh?.content ?? raw.content_zh ?? '', detail: raw.zh?.detail ?? raw.detail_zh ?? '' },
    en: { content: raw.en?.content ?? raw.content_en ?? '', detail: raw.en?.detail ?? raw.detail_en ?? '' },
    values,
  }
}

const privilegesAnswer = z.pipe(
  z.union([z.array(rawPrivilege), z.looseObject({ items: z.array(rawPrivilege) })]),
  z.transform((raw): PrivilegeRow[] => {
    const items = Array.isArray(raw) ? raw : raw.items
    return [...items].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map(toRow)
  }),
)

export const privilegeKeys = { all: ['console', 'vip-privileges'] as const }

export function fetchPrivileges(signal?: AbortSignal): Promise<PrivilegeRow[]> {
  return apiClient.get('/api/console/vip-privileges', { schema: privilegesAnswer, signal })
}

/** The table as sent: order is the row's place (1, 2, ...), texts trimmed. */
export function privilegesBody(rows: readonly PrivilegeRow[]) {
  return {
    items: rows.map((row, index) => ({
      key: row.key,
      order: index + 1,
      zh: { content: row.zh.content.trim(), detail: row.zh.detail.trim() },
      en: { content: row.en.content.trim(), detail: row.en.detail.trim() },
      values: row.values,
    })),
  }
}

export function savePrivileges(rows: readonly PrivilegeRow[]): Promise<unknown> {
  return apiClient.put('/api/console/vip-privileges', privilegesBody(rows))
}
