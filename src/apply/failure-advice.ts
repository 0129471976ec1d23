// What a failed write should tell the user: a re-run helps only when the failure was transient.
// A 4xx refusal (other than 429/408) will fail the same way again until something is fixed.
import { ApiError } from '../errors.js';

export function failedWriteMessage(kind: string, err: unknown): string {
  if (isRefusal(err)) {
    return `${kind} refused by the service: ${err.message}; running apply again will not help: ${refusalAdvice(err)}`;
  }
  return `${kind} failed: ${describe(err)}; the list is unchanged or fully written, run \`kwsync apply\` again to finish`;
}

/** A definite answer of the service that the write is not acceptable, as opposed to a transient failure. */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

function refusalAdvice(err: ApiError): string {
  if (err.status === 401 || err.status === 403) return `${err.hint ?? 'check COMETCHAT_API_KEY'}, then run \`kwsync apply\` again`;
  return 'fix what the message names (the list file, or the app, e.g. its number of lists), then run `kwsync apply` again';
}

export function describe(err: unknown): string {
  if (err instanceof Error) {
    const hint = 'hint' in err && typeof err.hint === 'string' && err.hint ? ` (${err.hint})` : '';
    return `${err.message}${hint}`;
  }
  return String(err);
}
