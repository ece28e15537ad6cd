// The audit log of the console (docs/console.md, Audit log): a list and its CSV export.
import * as z from 'zod/mini'
import { buildUrl } from '@/lib/api-client'
import { decodeApiError } from '@/lib/api-error'
import { storage } from '@/lib/storage'

export const AUDIT_PATH = '/api/console/audit'
export const AUDIT_FILTERS = ['actor', 'action', 'target', 'from', 'to'] as const

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.number(),
  actor: z.catch(z.string(), ''),
  action: z.catch(z.string(), ''),
  target: z.catch(z.nullish(z.string()), null),
  details: z.catch(z.unknown(), null),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** The details of an entry as one line of text (objects as JSON). */
export function detailsText(details: unknown): string {
  if (details === null || details === undefined) return ''
  return typeof details === 'string' ? details : JSON.stringify(details)
}

/** The export's filters: the list's own, without paging or sorting (the file has every row, newest first). */
export function csvQuery(filters: Record<string, string>): Record<string, string> {
  const query: Record<string, string> = {}
  for (const key of AUDIT_FILTERS) if (filters[key]) query[key] = filters[key]
  return query
}

/**
 * Downloads the CSV of `filters`. The export is for operators only, and the login token travels in a
 * header (never in a URL, where logs keep it), so the file is fetched and handed to the browser as a blob.
 */
export async function downloadAuditCsv(filters: Record<string, string>): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv' })
  const token = storage.loginToken.get()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const response = await fetch(buildUrl(`${AUDIT_PATH}.csv`, csvQuery(filters)), { headers })
  if (!response.ok) throw decodeApiError(response.status, response.statusText, await response.text())
  const blob = await response.blob()
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'audit-log.csv'
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
