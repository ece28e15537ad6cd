import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'

interface SearchBoxProps {
  /** The list's q; give the box `key={q}` so a q changed elsewhere (back button) shows. */
  initial: string
  label: string
  onSearch: (q: string) => void
}

/** A search field that asks the server when submitted (Enter), not at every key. */
export function SearchBox({ initial, label, onSearch }: SearchBoxProps) {
  const { t } = useTranslation('console')
  const [text, setText] = useState(initial)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(text)
  }
  return (
    <search>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          type="search"
          label={label}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          {t('table.search')}
        </Button>
      </form>
    </search>
  )
}
