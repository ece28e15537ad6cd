// /pracc's page with the common commands beside it: one chunk, loaded when /pracc opens.
import { CommonCommandsPanel } from '@/features/content/components/common-commands-panel'
import { PraccPage } from '@/features/pracc/components/pracc-page'

const commands = (collapsed: boolean) => <CommonCommandsPanel collapsed={collapsed} />

export function PraccRoute({ onLogin }: { onLogin: () => void }) {
  return <PraccPage commands={commands} onLogin={onLogin} />
}
