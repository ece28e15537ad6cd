import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { TextField } from '@/components/ui/field'
import { ApiError } from '@/lib/api-error'
import { FormFooter } from './form-footer'
import { SearchForm } from './search-form'

function Editor({ failure, working, onSave, onCancel }: { failure: unknown; working: boolean; onSave: () => void; onCancel: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSave()
      }}
    >
      <FormFooter failure={failure} errorNamespace="console-ops" working={working} onCancel={onCancel} />
    </form>
  )
}

describe("a console editor's footer", () => {
  it('submits with Save, cancels with Cancel, and shows no error before one', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn<() => void>()
    const onCancel = vi.fn<() => void>()
    render(<Editor failure={null} working={false} onSave={onSave} onCancel={onCancel} />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(onSave).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it("shows the failure in the screen's words and holds both buttons while it works", () => {
    const failure = new ApiError(403, 'FORBIDDEN', 'Forbidden')
    render(<Editor failure={failure} working onSave={vi.fn<() => void>()} onCancel={vi.fn<() => void>()} />)
    expect(screen.getByRole('alert')).toHaveTextContent('只有运营人员可以执行此操作')
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled()
    expect(screen.getByRole('button', { name: '取消' })).toBeDisabled()
  })
})

function Filters({ onSearch, onClear }: { onSearch: (q: string) => void; onClear?: () => void }) {
  const [text, setText] = useState('')
  return (
    <SearchForm onSearch={() => onSearch(text)} onClear={onClear}>
      <TextField label="Actor" value={text} onChange={(event) => setText(event.target.value)} />
    </SearchForm>
  )
}

describe("a console list's search header", () => {
  it('is a search landmark that asks once on Enter, not at every key', async () => {
    const user = userEvent.setup()
    const onSearch = vi.fn<(q: string) => void>()
    const { container } = render(<Filters onSearch={onSearch} />)
    expect(container.querySelector('search form')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Actor' }), 'op:1{Enter}')
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('op:1')
    expect(screen.queryByRole('button', { name: '清除筛选' })).not.toBeInTheDocument()
  })

  it('offers Clear filters when the list has them', async () => {
    const user = userEvent.setup()
    const onSearch = vi.fn<(q: string) => void>()
    const onClear = vi.fn<() => void>()
    render(<Filters onSearch={onSearch} onClear={onClear} />)
    await user.click(screen.getByRole('button', { name: '清除筛选' }))
    expect(onClear).toHaveBeenCalledOnce()
    expect(onSearch).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: '搜索' }))
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('')
  })
})
