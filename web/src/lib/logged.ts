// Spec 000 §8 / 001 §8: some reads only log a failure, and the view shows its fallback (an empty or
// unchanged list, a default text). A request its caller cancelled (React Query on unmount or
// navigation) did not fail and is not logged.
import { isCancelled } from './api-error'

/** Awaits `work`; a failure other than a cancellation is logged with `message` at `level`, then rethrown. */
export async function logged<T>(message: string, work: Promise<T>, level: 'error' | 'warn' = 'error'): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (!isCancelled(error)) console[level](message, error)
    throw error
  }
}
