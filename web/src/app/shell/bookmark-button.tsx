import { Star } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast-context'
import { Tooltip } from '@/components/ui/tooltip'
import { browser } from '@/lib/browser'

/** Tells the visitor how to bookmark the site: Cmd+D on Apple devices, Ctrl+D elsewhere. */
export function BookmarkButton() {
  const { t } = useTranslation('shell')
  const { toast } = useToast()
  const shortcut = browser.isApplePlatform() ? 'Cmd+D' : 'Ctrl+D'
  return (
    <Tooltip content={t('header.bookmark')}>
      <Button
        variant="ghost"
        size="icon"
        // Keyboard bookmarking is a desktop habit; phones get the room back.
        className="max-sm:hidden"
        aria-label={t('header.bookmark')}
        onClick={() => toast({ title: t('header.bookmark'), description: t('header.bookmarkHint', { shortcut }) })}
      >
        <Star aria-hidden="true" />
      </Button>
    </Tooltip>
  )
}
