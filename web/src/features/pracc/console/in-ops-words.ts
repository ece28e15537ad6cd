// The console's ConfirmDialog words a refusal from the console namespace; this screen's refusals
// (ORDER_NOT_REFUNDABLE, SERVER_BUSY_STATE ...) are translated in console-ops, so the error is
// handed on already worded (a code nobody translates, and the text as its message).
import { errorText } from '@/lib/error-text'

export async function inOpsWords<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    throw { code: 'CONSOLE_OPS_REFUSAL', message: errorText(error, 'console-ops') }
  }
}
