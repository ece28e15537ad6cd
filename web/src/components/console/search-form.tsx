import { Search } from 'lucide-react'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'

interface SearchFormProps {
  /** The form's fields; the screen reads them when the form is submitted. */
  children: ReactNode
  onSearch: () => void
  /** Present: a Clear filters button that resets the list's search and filters. */
  onClear?: () => void
  /** The form's layout (a flex row by default). */
  className?: string
}

/**
 * A console list's search header: a search landmark whose form asks the server when submitted
 * (Enter or the Search button), not at every key. The list's sort is in its table's header buttons.
 */
export function SearchForm({ children, onSearch, onClear, className }: SearchFormProps) {
  const { t } = useTranslation('console')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch()
  }
  return (
    <search>
      <form onSubmit={submit} className={cn('flex flex-wrap items-end gap-2', className)}>
        {children}
        <div className="flex items-end gap-2">
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            {t('table.search')}
          </Button>
          {onClear && (
            <Button variant="ghost" onClick={onClear}>
              {t('table.clearFilters')}
            </Button>
          )}
        </div>
      </form>
    </search>
  )
}
