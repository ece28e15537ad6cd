import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonClasses } from '@/components/ui/button-classes'
import { CopyButton } from '@/components/ui/copy-button'
import { Dialog } from '@/components/ui/dialog'

interface DemoLinkDialogProps {
  file: string
  url: string
  onClose: () => void
}

/** The prepared demo's link: download it, or copy it (2 s feedback). */
export function DemoLinkDialog({ file, url, onClose }: DemoLinkDialogProps) {
  const { t } = useTranslation('pracc-servers')
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('demos.linkTitle')} description={t('demos.linkBody', { file })} size="md">
      <div className="flex flex-col gap-4">
        <p className="rounded-lg border border-white/10 bg-ink-900 px-3 py-2 font-mono text-xs break-all text-zinc-300">{url}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <CopyButton text={url} label={t('demos.copyLink')} />
          <a href={url} target="_blank" rel="noopener noreferrer" download={file} className={buttonClasses('primary', 'sm')}>
            <Download aria-hidden="true" />
            {t('demos.download')}
          </a>
        </div>
      </div>
    </Dialog>
  )
}
