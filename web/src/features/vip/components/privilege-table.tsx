import { Info } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Tooltip } from '@/components/ui/tooltip'
import { PRIVILEGE_TOOLTIP_DELAY_MS } from '@/lib/constants'
import { accessOf, type Privilege } from '../model/privilege-access'
import type { UserGroup } from '../model/user-groups'
import { AccessMark } from './access-mark'

interface PrivilegeTableProps {
  privileges: readonly Privilege[]
  groups: readonly UserGroup[]
  /** Desktop: tooltips on the headings. Below 1024 px: a details column instead. */
  desktop: boolean
  /** Opens the details dialog of a privilege (mobile). */
  onDetails: (privilege: Privilege) => void
}

/** A heading that explains itself in a tooltip: reachable by keyboard, shown after 50 ms on hover. */
function Explained({ detail, children }: { detail: string; children: ReactNode }) {
  if (!detail) return <span>{children}</span>
  return (
    <Tooltip content={detail} delayMs={PRIVILEGE_TOOLTIP_DELAY_MS}>
      <span
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a tooltip trigger must take focus
        tabIndex={0}
        className="focus-ring cursor-help rounded underline decoration-white/25 decoration-dotted underline-offset-4"
      >
        {children}
      </span>
    </Tooltip>
  )
}

/** Privileges (rows, by order) against user groups (columns, by order), spec 000 §2.8. */
export function PrivilegeTable({ privileges, groups, desktop, onDetails }: PrivilegeTableProps) {
  const { t } = useTranslation('vip')
  return (
    <div className="overflow-x-auto rounded-2xl border border-white/[0.07] bg-ink-850/80">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('privileges.caption')}</caption>
        <thead className="bg-ink-800/95 text-xs font-semibold tracking-wide text-zinc-400">
          <tr className="h-12 border-b border-white/[0.07]">
            <th scope="col" className="px-3 sm:px-4">
              {t('privileges.privilege')}
            </th>
            {groups.map((group) => (
              <th
                key={group.name}
                scope="col"
                data-group={group.name}
                className="px-0.5 text-center whitespace-nowrap sm:px-3"
              >
                {desktop ? <Explained detail={t(group.detailKey)}>{t(group.displayNameKey)}</Explained> : t(group.displayNameKey)}
              </th>
            ))}
            {!desktop && (
              <th scope="col" className="w-9 px-0 text-center">
                <span className="sr-only">{t('privileges.details')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {privileges.length === 0 ? (
            <tr>
              <td colSpan={groups.length + (desktop ? 1 : 2)} className="px-4 py-10 text-center text-zinc-500">
                {t('privileges.empty')}
              </td>
            </tr>
          ) : (
            privileges.map((privilege) => (
              <tr
                key={privilege.id}
                className="border-b border-white/[0.04] transition-colors last:border-b-0 hover:bg-white/[0.03]"
              >
                {/* On a phone a long word ("Leaderboard") may break rather than push the details column out of view. */}
                <th scope="row" className="px-2 py-3 font-medium hyphens-auto text-zinc-100 wrap-anywhere sm:px-4 sm:wrap-normal">
                  {desktop ? <Explained detail={privilege.detail}>{privilege.content}</Explained> : privilege.content}
                </th>
                {groups.map((group) => (
                  <td key={group.name} className="px-0.5 py-3 text-center sm:px-3">
                    <AccessMark access={accessOf(privilege.flags[group.name])} />
                  </td>
                ))}
                {!desktop && (
                  <td className="px-0 py-2 text-center">
                    <button
                      type="button"
                      aria-label={t('privileges.detailsFor', { name: privilege.content })}
                      onClick={() => onDetails(privilege)}
                      className="focus-ring inline-grid size-9 cursor-pointer place-items-center rounded-lg text-zinc-400 hover:bg-white/[0.06] hover:text-white"
                    >
                      <Info className="size-4" aria-hidden="true" />
                    </button>
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
