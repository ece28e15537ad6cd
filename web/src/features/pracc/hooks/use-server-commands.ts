import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useToast } from '@/components/ui/toast-context'
import { useErrorText } from '@/lib/error-text'
import { praccKeys } from '../api/pracc-keys'
import { restartServer, updateServerGame, verifyServerFiles } from '../api/server-actions-api'
import type { RentedServer } from '../model/rented-server'
import type { MaintenanceJob } from '../model/server-status'
import { useRestartLock } from './use-restart-lock'

/** The card's direct commands (after their 2 s hold): restart, verify files, update. */
export function useServerCommands(server: RentedServer) {
  const { t } = useTranslation('pracc-servers')
  const { toast } = useToast()
  const errorText = useErrorText('pracc-servers')
  const queryClient = useQueryClient()
  const { locked, lock } = useRestartLock()

  const restart = () => {
    // Fire and forget (spec 001 §7): the card is locked for 40 s whatever the answer.
    lock()
    toast({ tone: 'success', title: t('feedback.restartTitle'), description: t('feedback.restartBody', { name: server.name }) })
    restartServer(server.id)
      // The list shows RESTARTING now, and is refreshed until the server runs again.
      .then(() => queryClient.invalidateQueries({ queryKey: praccKeys.servers }))
      .catch((error: unknown) => {
        console.warn('Failed to restart the server', error)
        toast({ tone: 'error', title: t('feedback.restartFailed'), description: errorText(error) })
      })
  }

  const job = useMutation({
    mutationFn: (kind: MaintenanceJob) => (kind === 'verify' ? verifyServerFiles(server.id) : updateServerGame(server.id)),
    onSuccess: (_answer, kind) => {
      const title = kind === 'verify' ? t('feedback.verifyTitle') : t('feedback.updateTitle')
      const description = kind === 'verify' ? t('feedback.verifyBody', { name: server.name }) : t('feedback.updateBody', { name: server.name })
      toast({ tone: 'success', title, description })
      // The card shows the job from the status the list now reports (VERIFYING, UPDATING).
      void queryClient.invalidateQueries({ queryKey: praccKeys.servers })
    },
    onError: (error) => toast({ tone: 'error', title: t('feedback.jobFailed'), description: errorText(error) }),
  })

  return {
    restart,
    restarting: locked,
    startJob: (kind: MaintenanceJob) => job.mutate(kind),
    jobPending: job.isPending,
  }
}
