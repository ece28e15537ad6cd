import { CircleHelp, MessageCircleQuestion } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { PageFrame } from '@/components/ui/page-frame'
import { Spinner } from '@/components/ui/spinner'
import { useLanguage } from '@/lib/use-language'
import { useFaqs } from '../hooks/use-faqs'
// The list is in the page's chunk: without DOMPurify (its answers load it, see faq-list) it is about
// 1 KB, and as a chunk of its own it was one more round trip after the questions had arrived.
import { FaqList } from './faq-list'

/** The FAQ (spec 001 §2.8): the questions in the current language, answers as sanitised HTML. */
export function FaqPage() {
  const { t } = useTranslation('faq')
  const language = useLanguage()
  const { faqs, loading } = useFaqs(language)
  return (
    <PageFrame title={t('title')} description={t('description')} icon={CircleHelp}>
      {loading ? (
        <output className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-400">
          <Spinner />
          {t('loading')}
        </output>
      ) : faqs.length === 0 ? (
        <EmptyState icon={MessageCircleQuestion} title={t('empty.title')} body={t('empty.body')} />
      ) : (
        <FaqList faqs={faqs} />
      )}
    </PageFrame>
  )
}
