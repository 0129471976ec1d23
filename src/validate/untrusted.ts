// validateUntrusted: validateRepo for lists nobody vouched for (a pull request's files, in the
// Action's stage two, which holds the key): one deadline and one heap cap for the whole run. Work
// left undone at the deadline becomes located `too-slow` errors (the file, the pattern or the
// example where it stopped), so the run ends with findings within its bound, never a hang.
import type { RepoValidation, ValidateOptions } from './index.js';
import { validateRepo } from './index.js';
import { validationBudget, type ValidationBudget } from './work-budget.js';

/** The whole validation of a pull request's lists; well under the job's 10-minute timeout. */
export const UNTRUSTED_DEADLINE_MS = 120_000;
/** Heap for the regex worker. */
export const UNTRUSTED_HEAP_MB = 256;
/** Growth allowed on the main heap (the Action's own heap, which also holds garbage not yet collected). */
export const UNTRUSTED_MAIN_HEAP_MB = 1024;

export interface UntrustedOptions extends Omit<ValidateOptions, 'budget'> {
  deadlineMs?: number;
  maxHeapMb?: number;
  mainHeapMb?: number;
}

export function validateUntrusted(opts: UntrustedOptions): Promise<RepoValidation> {
  const { deadlineMs, maxHeapMb, mainHeapMb, ...rest } = opts;
  return validateRepo({ ...rest, budget: untrustedBudget({ deadlineMs, maxHeapMb, mainHeapMb }) });
}

/** The budget of one validation of untrusted files, started now (the Action passes it to validateRepo). */
export function untrustedBudget(opts: Pick<UntrustedOptions, 'deadlineMs' | 'maxHeapMb' | 'mainHeapMb'> = {}): ValidationBudget {
  return validationBudget({
    deadlineMs: opts.deadlineMs ?? UNTRUSTED_DEADLINE_MS,
    maxHeapMb: opts.maxHeapMb ?? UNTRUSTED_HEAP_MB,
    mainHeapMb: opts.mainHeapMb ?? UNTRUSTED_MAIN_HEAP_MB,
  });
}
