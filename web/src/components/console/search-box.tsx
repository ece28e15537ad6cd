import { useState } from 'react'
import { TextField } from '@/components/ui/field'
import { SearchForm } from './search-form'

interface SearchBoxProps {
  /** The list's q; give the box `key={q}` so a q changed elsewhere (back button) shows. */
  initial: string
  label: string
  onSearch: (q: string) => void
}

/** A list's one-field search (its q), sent when submitted. */
export function SearchBox({ initial, label, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initial)
  return (
    <SearchForm onSearch={() => onSearch(text)}>
      <TextField
        className="min-w-0 flex-1"
        type="search"
        label={label}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
    </SearchForm>
  )
}
