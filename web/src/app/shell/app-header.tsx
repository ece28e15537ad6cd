import { Menu, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useFromSearch } from '@/lib/navigation'
import { AnnouncementSlot } from './announcement-slot'
import { BookmarkButton } from './bookmark-button'
import { BrandMark } from './brand-mark'
import { LanguageSwitcher } from './language-switcher'
import { LoginButton } from './login-button'
import { useInlineAnnouncement } from './use-inline-announcement'
import { Link } from '@/components/ui/link'

interface AppHeaderProps {
  /** Shown below the desktop breakpoint: the drawer toggle. */
  menu: {
    visible: boolean
    open: boolean
    controls: string
    onToggle: () => void
    /** The pointer is over the toggle or it has focus: a hint to load the drawer. */
    onIntent?: () => void
  }
}

export function AppHeader({ menu }: AppHeaderProps) {
  const { t } = useTranslation(['shell', 'common'])
  const from = useFromSearch()
  // Below 768 px the announcement has its own line under the header (ShellLayout).
  const inlineAnnouncement = useInlineAnnouncement()
  // Opaque, not blurred glass: without a GPU (software compositing, as in many virtual machines
  // and headless Chromium) a backdrop blur is redrawn in every frame the page changes; with the
  // server table's header it took 130 ms of compositing while a keystroke re-rendered the list (issue 17).
  return (
    <header className="sticky top-0 z-30 border-b border-white/[0.06] bg-ink-950">
      <div className="flex h-16 items-center gap-1.5 px-3 sm:gap-3 sm:px-5">
        {menu.visible && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={menu.open ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            onClick={menu.onToggle}
            onPointerEnter={menu.onIntent}
            onFocus={menu.onIntent}
          >
            {menu.open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        )}
        <Link
          to={{ pathname: '/', search: from }}
          className="focus-ring flex min-w-0 items-center gap-2.5 rounded-lg pr-2"
        >
          <BrandMark className="size-8 shrink-0" />
          <span className="truncate text-base font-extrabold tracking-tight text-white sm:text-lg">
            {t('common:appName')}
          </span>
        </Link>
        <div className="flex min-w-0 flex-1 justify-center sm:px-2">{inlineAnnouncement && <AnnouncementSlot />}</div>
        <div className="flex items-center gap-1 sm:gap-2">
          <BookmarkButton />
          <LanguageSwitcher />
          <LoginButton />
        </div>
      </div>
    </header>
  )
}
