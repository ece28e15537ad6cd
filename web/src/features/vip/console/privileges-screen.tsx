import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast-context'
import { ConsolePage } from '@/components/console/console-page'
import { useErrorText } from '@/lib/error-text'
import { logged } from '@/lib/logged'
import { fetchPrivileges, privilegeKeys, savePrivileges } from './privileges-api'
import {
  firstProblem,
  moveRow,
  newRow,
  PRIVILEGE_GROUPS,
  PRIVILEGE_VALUES,
  type PrivilegeGroup,
  type PrivilegeRow,
  type PrivilegeValue,
} from './privilege-rows'

const inputClasses =
  'focus-ring h-9 w-full min-w-32 rounded-md border border-white/10 bg-ink-900 px-2 text-sm text-zinc-100 placeholder:text-zinc-500'

/** /console/vip-privileges: the VIP page's comparison table, edited in place and saved whole. */
export function PrivilegesScreen() {
  const { t } = useTranslation('console-ops')
  const errorText = useErrorText('console-ops')
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const query = useQuery({
    queryKey: privilegeKeys.all,
    queryFn: ({ signal }) => logged('Failed to fetch the privileges', fetchPrivileges(signal)),
  })
  // null: the table as the server has it; edits make a local copy until it is saved or discarded.
  const [rows, setRows] = useState<PrivilegeRow[] | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const table = rows ?? query.data ?? []
  const dirty = rows !== null && query.data !== undefined && JSON.stringify(rows) !== JSON.stringify(query.data)
  const update = (index: number, change: (row: PrivilegeRow) => PrivilegeRow) =>
    setRows(table.map((row, i) => (i === index ? change(row) : row)))
  const nameOf = (row: PrivilegeRow, index: number) => row.zh.content || row.en.content || String(index + 1)

  const save = async () => {
    const found = firstProblem(table)
    if (found) {
      setProblem(t(`privileges.${found.problem}`, { row: found.row }))
      return
    }
    setProblem(null)
    setFailure(null)
    setSaving(true)
    try {
      await savePrivileges(table)
      toast({ title: t('privileges.saved'), tone: 'success' })
      setRows(null)
      await queryClient.invalidateQueries({ queryKey: privilegeKeys.all })
    } catch (error) {
      setFailure(error)
    } finally {
      setSaving(false)
    }
  }

  const textInput = (index: number, row: PrivilegeRow, language: 'zh' | 'en', field: 'content' | 'detail', label: string) => (
    <input
      aria-label={`${label} (${index + 1})`}
      className={inputClasses}
      value={row[language][field]}
      onChange={(event) => update(index, (r) => ({ ...r, [language]: { ...r[language], [field]: event.target.value } }))}
    />
  )

  return (
    <ConsolePage
      title={t('privileges.title')}
      actions={
        <div className="flex flex-wrap gap-2">
          {dirty && (
            <Button variant="secondary" onClick={() => setRows(null)} disabled={saving}>
              {t('privileges.reset')}
            </Button>
          )}
          <Button onClick={() => void save()} disabled={saving || !dirty}>
            {t('privileges.save')}
          </Button>
        </div>
      }
    >
      <p className="text-sm text-zinc-400">{t('privileges.hint')}</p>
      {query.isLoading && (
        <output className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner />
          {t('common.loading')}
        </output>
      )}
      {query.isError && (
        <p role="alert" className="text-sm text-danger-400">
          {errorText(query.error)}
        </p>
      )}
      {dirty && <p className="text-sm text-brand-300">{t('privileges.unsaved')}</p>}
      {(problem || failure !== null) && (
        <p role="alert" className="text-sm text-danger-400">
          {problem ?? errorText(failure)}
        </p>
      )}
      {query.data && (
        <div className="overflow-x-auto rounded-xl border border-white/[0.07]">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('privileges.title')}</caption>
            <thead className="bg-white/[0.03] text-xs text-zinc-400">
              <tr>
                <th scope="col" className="px-2 py-2">
                  {t('privileges.order')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('privileges.contentZh')} / {t('privileges.detailZh')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('privileges.contentEn')} / {t('privileges.detailEn')}
                </th>
                {PRIVILEGE_GROUPS.map((group) => (
                  <th key={group} scope="col" className="px-2 py-2">
                    {t(`privileges.groups.${group}`)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/[0.05]">
              {table.map((row, index) => (
                <tr key={row.key} className="align-top">
                  <td className="px-2 py-2">
                    <div className="flex flex-col gap-1">
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-7"
                        disabled={index === 0}
                        aria-label={t('privileges.moveUp', { name: nameOf(row, index) })}
                        onClick={() => setRows(moveRow(table, index, -1))}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-7"
                        disabled={index === table.length - 1}
                        aria-label={t('privileges.moveDown', { name: nameOf(row, index) })}
                        onClick={() => setRows(moveRow(table, index, 1))}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                    </div>
                  </td>
                  <td className="px-2 py-2">
                    <div className="flex flex-col gap-1">
                      {textInput(index, row, 'zh', 'content', t('privileges.contentZh'))}
                      {textInput(index, row, 'zh', 'detail', t('privileges.detailZh'))}
                    </div>
                  </td>
                  <td className="px-2 py-2">
                    <div className="flex flex-col gap-1">
                      {textInput(index, row, 'en', 'content', t('privileges.contentEn'))}
                      {textInput(index, row, 'en', 'detail', t('privileges.detailEn'))}
                    </div>
                  </td>
                  {PRIVILEGE_GROUPS.map((group: PrivilegeGroup) => (
                    <td key={group} className="px-2 py-2">
                      <select
                        aria-label={t('privileges.cellLabel', { privilege: nameOf(row, index), group: t(`privileges.groups.${group}`) })}
                        className={`${inputClasses} min-w-24`}
                        value={row.values[group]}
                        onChange={(event) =>
                          update(index, (r) => ({
                            ...r,
                            values: { ...r.values, [group]: Number(event.target.value) as PrivilegeValue },
                          }))
                        }
                      >
                        {PRIVILEGE_VALUES.map((v) => (
                          <option key={v} value={v}>
                            {t(`privileges.values.${v}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  ))}
                  <td className="px-2 py-2">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t('privileges.removeRow', { name: nameOf(row, index) })}
                      onClick={() => setRows(table.filter((_, i) => i !== index))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.data && (
        <div>
          <Button variant="secondary" onClick={() => setRows([...table, newRow(table)])}>
            <Plus aria-hidden="true" />
            {t('privileges.addRow')}
          </Button>
        </div>
      )}
    </ConsolePage>
  )
}
