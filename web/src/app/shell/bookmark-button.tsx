import { Star } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast-context'
import { browser } from '@/lib/browser'

/** Shows how to bookmark the site: Cmd+D on Apple devices, Ctrl+D elsewhere (spec 000 §2.3). */
function useBookmarkHint(): () => void {
  const { t } = useTranslation('shell')
  const { toast } = useToast()
  return () => {
    const shortcut = browser.isApplePlatform() ? 'Cmd+D' : 'Ctrl+D'
    toast({ title: t('header.bookmark'), description: t('header.bookmarkHint', { shortcut }) })
  }
}

/**
 * The header's bookmark button (an icon); phones find it in the menu drawer instead. Its hint is
 * CSS, not a Radix tooltip (the shell's first load carries no tooltip code): it shows on hover
 * after the usual delay and at once on keyboard focus, and Escape hides it until the pointer or
 * focus leaves. It repeats the button's accessible name, so it is hidden from assistive technology.
 */
export function BookmarkButton() {
  const { t } = useTranslation('shell')
  const showHint = useBookmarkHint()
  const [dismissed, setDismissed] = useState(false)
  return (
    <span
      className="group/tip relative max-sm:hidden"
      onPointerLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('header.bookmark')}
        onClick={showHint}
        onKeyDown={(event) => event.key === 'Escape' && setDismissed(true)}
      >
        <Star aria-hidden="true" />
      </Button>
      <span
        // The button's name says the same to assistive technology; this is the visual hint only.
        aria-hidden="true"
        data-dismissed={dismissed || undefined}
        className="pointer-events-none invisible absolute top-full left-1/2 z-50 mt-1.5 -translate-x-1/2 rounded-md border border-white/10 bg-ink-700 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-zinc-100 opacity-0 shadow-lg shadow-black/40 transition-[opacity,visibility] delay-0 duration-150 group-hover/tip:visible group-hover/tip:opacity-100 group-hover/tip:delay-700 group-has-[:focus-visible]/tip:visible group-has-[:focus-visible]/tip:opacity-100 group-has-[:focus-visible]/tip:delay-0 data-[dismissed]:invisible data-[dismissed]:opacity-0"
      >
        {t('header.bookmark')}
      </span>
    </span>
  )
}

/**
 * The bookmark action as a labelled row of the menu drawer. `onChosen` closes the drawer, which as
 * a modal would otherwise hide the hint's toast from assistive technology (and from view).
 */
export function BookmarkMenuItem({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation('shell')
  const showHint = useBookmarkHint()
  return (
    <button
      type="button"
      onClick={() => {
        onChosen?.()
        showHint()
      }}
      className="focus-ring flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold text-zinc-400 transition-colors hover:bg-white/[0.05] hover:text-zinc-100"
    >
      <Star aria-hidden="true" className="size-5 text-zinc-500" />
      {t('header.bookmark')}
    </button>
  )
}
