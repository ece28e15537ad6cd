import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-error'
import { ConfirmDialog } from './confirm-dialog'

function Host({ onConfirm }: { onConfirm: (reason: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <ConfirmDialog open={open} onOpenChange={setOpen} title="Take VIP back" onConfirm={onConfirm} />
    </>
  )
}

describe('the confirm dialog with a reason', () => {
  it('starts in the reason, requires it, and sends it trimmed', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn<(reason: string) => Promise<void>>(async () => {})
    render(<Host onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'open' }))
    const reason = await screen.findByRole('textbox', { name: '原因' })
    await waitFor(() => expect(reason).toHaveFocus())
    await user.click(screen.getByRole('button', { name: '确认' }))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(reason).toHaveAccessibleDescription(/请填写原因/)
    await user.type(reason, '  refund asked  ')
    await user.click(screen.getByRole('button', { name: '确认' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onConfirm).toHaveBeenCalledWith('refund asked')
  })

  it('keeps the dialog open with the error when the server refuses', async () => {
    const user = userEvent.setup()
    render(<Host onConfirm={() => Promise.reject(new ApiError(403, 'FORBIDDEN', 'Forbidden'))} />)
    await user.click(screen.getByRole('button', { name: 'open' }))
    await user.type(await screen.findByRole('textbox', { name: '原因' }), 'x')
    await user.click(screen.getByRole('button', { name: '确认' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('只有运营人员可以执行此操作')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('closes on Escape, keeps focus inside while open, and starts empty next time', async () => {
    const user = userEvent.setup()
    render(<Host onConfirm={async () => {}} />)
    await user.click(screen.getByRole('button', { name: 'open' }))
    const reason = await screen.findByRole('textbox', { name: '原因' })
    await user.type(reason, 'draft')
    for (let i = 0; i < 6; i++) {
      await user.tab()
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement)
    }
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'open' }))
    expect(await screen.findByRole('textbox', { name: '原因' })).toHaveValue('')
  })
})
