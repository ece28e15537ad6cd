import { Star } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast-context'
import { Tooltip } from '@/components/ui/tooltip'
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

/** The header's bookmark button (an icon); phones find it in the menu drawer instead. */
export function BookmarkButton() {
  const { t } = useTranslation('shell')
  const showHint = useBookmarkHint()
  return (
    <Tooltip content={t('header.bookmark')}>
      <Button
        variant="ghost"
        size="icon"
        // No room in a phone's header: the drawer offers it there (BookmarkMenuItem).
        className="max-sm:hidden"
        aria-label={t('header.bookmark')}
        onClick={showHint}
      >
        <Star aria-hidden="true" />
      </Button>
    </Tooltip>
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
