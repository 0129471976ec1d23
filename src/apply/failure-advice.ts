// What a failed write should tell the user: a re-run helps only when the failure was transient.
// A 4xx refusal (other than 429/408) will fail the same way again until something is fixed.
import { ApiError } from '../errors.js';
import { OTHER_LIST_ANSWER } from '../api/keywords.js';

export function failedWriteMessage(kind: string, err: unknown): string {
  if (kind === 'delete' && isDefaultListRefusal(err)) {
    // A 403 here is about the list, not the key: "check COMETCHAT_API_KEY" would send the user the wrong way.
    return `delete refused by the service because it is a default list of the app: ${err.message}; kwsync never deletes default lists: keep its file or leave it out of --prune (the API key is not the problem)`;
  }
  if (isRefusal(err)) {
    return `${kind} refused by the service: ${err.message}; running apply again will not help: ${refusalAdvice(err)}`;
  }
  return `${kind} failed: ${describe(err)}; the list is unchanged or fully written, run \`kwsync apply\` again to finish`;
}

/** A definite answer of the service that the write is not acceptable, as opposed to a transient failure. */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

/** A 4xx whose code or message names a default list: the service keeps its default lists, whatever the key may do. */
export function isDefaultListRefusal(err: unknown): err is ApiError {
  return isRefusal(err) && (/default/i.test(err.code ?? '') || /\bdefault (keyword )?list\b/i.test(err.message));
}

/** The answer named another list than the one asked for (findKeywordList): a conflict to name, never "absent". */
export function isOtherListAnswer(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === OTHER_LIST_ANSWER;
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
