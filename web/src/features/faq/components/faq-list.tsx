import { ChevronDown } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { formatDateTimeGmt8 } from '@/lib/format'
import type { Faq } from '../api/faq-schemas'

// The answers bring DOMPurify (about 12 KB gzipped): they start hidden, so their chunk is not part of
// the page's first paint. It is asked for as the list first renders (the hidden answers mount), and
// each answer appears in its section once it is there, well before a question is usually opened.
const FaqAnswer = lazy(async () => ({ default: (await import('./faq-answer')).FaqAnswer }))

function updatedLabel(updatedAt: string | null | undefined): string | null {
  if (!updatedAt) return null
  const time = Date.parse(updatedAt)
  return Number.isNaN(time) ? null : formatDateTimeGmt8(time)
}

/** Keys that move focus between the questions (the WAI-ARIA accordion pattern). */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return (index + 1) % count
  if (key === 'ArrowUp') return (index - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}

/**
 * The questions as an accordion: each question is a heading holding a button that shows or hides
 * its answer. Several answers may be open at once; arrow keys, Home and End move between questions.
 */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  const { t } = useTranslation('faq')
  const baseId = useId()
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set())
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = nextIndex(event.key, index, faqs.length)
    if (target === null) return
    event.preventDefault()
    buttons.current[target]?.focus()
  }

  return (
    <ul aria-label={t('listLabel')} className="flex flex-col gap-3">
      {faqs.map((faq, index) => {
        const expanded = open.has(faq.id)
        const buttonId = `${baseId}-q-${faq.id}`
        const panelId = `${baseId}-a-${faq.id}`
        const updated = updatedLabel(faq.updatedAt)
        return (
          <li
            key={faq.id}
            className={cn(
              'rounded-2xl border bg-ink-850/80 transition-colors',
              expanded ? 'border-brand-500/30' : 'border-white/[0.07] hover:border-white/15',
            )}
          >
            <h2 className="text-base font-semibold">
              <button
                ref={(node) => {
                  buttons.current[index] = node
                }}
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(faq.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="focus-ring flex w-full cursor-pointer items-center gap-4 rounded-2xl px-5 py-4 text-left text-zinc-100 hover:text-white"
              >
                <span className="min-w-0 flex-1">{faq.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-5 shrink-0 text-zinc-500 transition-transform', expanded && 'rotate-180 text-brand-400')}
                />
              </button>
            </h2>
            <section id={panelId} aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5">
              <Suspense fallback={null}>
                <FaqAnswer html={faq.answer} />
              </Suspense>
              {updated && <p className="mt-4 text-xs text-zinc-500">{t('updated', { date: updated })}</p>}
            </section>
          </li>
        )
      })}
    </ul>
  )
}
