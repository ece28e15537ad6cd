import { CircleHelp, MessageCircleQuestion } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { PageFrame } from '@/components/ui/page-frame'
import { Spinner } from '@/components/ui/spinner'
import { useLanguage } from '@/lib/use-language'
import { useFaqs } from '../hooks/use-faqs'

// The list brings DOMPurify: it loads with the first answers, not with the app.
const FaqList = lazy(async () => ({ default: (await import('./faq-list')).FaqList }))

/** The FAQ (spec 001 §2.8): the questions in the current language, answers as sanitised HTML. */
export function FaqPage() {
  const { t } = useTranslation('faq')
  const language = useLanguage()
  const { faqs, loading } = useFaqs(language)
  const spinner = (
    <output className="flex items-center justify-center gap-3 py-24 text-sm text-zinc-400">
      <Spinner />
      {t('loading')}
    </output>
  )
  return (
    <PageFrame title={t('title')} description={t('description')} icon={CircleHelp}>
      {loading ? (
        spinner
      ) : faqs.length === 0 ? (
        <EmptyState icon={MessageCircleQuestion} title={t('empty.title')} body={t('empty.body')} />
      ) : (
        <Suspense fallback={spinner}>
          <FaqList faqs={faqs} />
        </Suspense>
      )}
    </PageFrame>
  )
}
