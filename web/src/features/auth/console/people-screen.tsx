import { useTranslation } from 'react-i18next'
import { Route, Routes } from 'react-router'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable } from '@/components/console/data-table'
import { SearchBox } from '@/components/console/search-box'
import { listTableProps, useConsoleList } from '@/lib/console/use-console-list'
import { formatUnixTime } from '@/lib/console/format'
import { PEOPLE_PATH, personSchema } from './people-api'
import { PersonScreen } from './person-screen'
import { Link } from '@/components/ui/link'

/** /console/people: the account search and, below it, one account's page. */
export function PeopleScreen() {
  return (
    <Routes>
      <Route index element={<PeopleList />} />
      <Route path=":id" element={<PersonScreen />} />
    </Routes>
  )
}

function PeopleList() {
  const { t } = useTranslation('console')
  const list = useConsoleList({ path: PEOPLE_PATH, item: personSchema, sort: 'created_at', order: 'desc' })
  return (
    <ConsolePage title={t('people.title')}>
      <SearchBox key={list.params.q} initial={list.params.q} label={t('people.searchLabel')} onSearch={list.setQuery} />
      <DataTable
        caption={t('people.title')}
        {...listTableProps(list)}
        rowKey={(person) => person.id}
        columns={[
          {
            id: 'name',
            header: t('people.name'),
            sortKey: 'name',
            render: (person) => (
              <Link
                to={String(person.id)}
                aria-label={t('people.open', { name: person.name })}
                className="focus-ring rounded font-semibold text-brand-300 hover:underline"
              >
                {person.name || `#${person.id}`}
              </Link>
            ),
          },
          {
            id: 'steam',
            header: t('people.steamId'),
            render: (person) => <span className="font-mono text-xs">{person.steam_id ?? '—'}</span>,
          },
          { id: 'email', header: t('people.email'), className: 'max-lg:hidden', render: (person) => person.email ?? '—' },
          {
            id: 'groups',
            header: t('people.groups'),
            render: (person) => person.groups.join(', ') || '—',
          },
          {
            id: 'vip',
            header: t('people.vipUntil'),
            className: 'max-md:hidden',
            render: (person) => formatUnixTime(person.vip_until) || '—',
          },
          {
            id: 'created',
            header: t('people.createdAt'),
            sortKey: 'created_at',
            className: 'max-md:hidden',
            render: (person) => formatUnixTime(person.created_at),
          },
        ]}
      />
    </ConsolePage>
  )
}
