// How much work one validation may do: a deadline and a heap cap for the whole run (validateUntrusted
// sets them for a pull request's lists), and a budget of example checks shared by every list file,
// so a file of a thousand examples against a thousand patterns cannot take the run's time.
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from '../load/diagnose.js';
import type { Position } from '../load/source-text.js';

/** Example checks per validation: pattern lists count examples × patterns; word lists one per example. */
export const EXAMPLE_WORK = 5_000_000;
/** The worker's heap for examples when no cap is given. */
export const DEFAULT_HEAP_MB = 256;

export interface ValidationBudget {
  /** Epoch milliseconds past which the run stops with located `too-slow` findings (Infinity: none). */
  deadline: number;
  /** The deadline as given, for messages. */
  deadlineMs: number | null;
  /** Heap cap in MB of the worker that runs examples. */
  maxHeapMb: number;
  /** What this run may add to the main heap, in MB (Infinity: unchecked). */
  mainHeapMb: number;
  /** Main-thread heap when the run started. */
  heapAtStart: number;
  /** Example checks left for the rest of the run. */
  exampleWork: { left: number };
}

export function validationBudget(opts: { deadlineMs?: number; maxHeapMb?: number; mainHeapMb?: number; exampleWork?: number } = {}, now = Date.now()): ValidationBudget {
  return {
    deadline: opts.deadlineMs === undefined ? Infinity : now + opts.deadlineMs,
    deadlineMs: opts.deadlineMs ?? null,
    maxHeapMb: opts.maxHeapMb ?? DEFAULT_HEAP_MB,
    mainHeapMb: opts.mainHeapMb ?? Infinity,
    heapAtStart: process.memoryUsage().heapUsed,
    exampleWork: { left: opts.exampleWork ?? EXAMPLE_WORK },
  };
}

/** Why the run must stop now, or null: past the deadline, or the main heap grew past the cap. */
export function overBudget(b: ValidationBudget): 'deadline' | 'memory' | null {
  if (Date.now() >= b.deadline) return 'deadline';
  if (b.mainHeapMb !== Infinity && process.memoryUsage().heapUsed - b.heapAtStart > b.mainHeapMb * 1024 * 1024) return 'memory';
  return null;
}

/** The located finding for work left undone: where it stopped, why, and what to do. */
export function tooSlow(at: Position, b: ValidationBudget, reason: 'deadline' | 'memory' | 'failed', what: string): Diagnostic {
  const why =
    reason === 'deadline'
      ? `validation ran past its deadline${b.deadlineMs === null ? '' : ` of ${b.deadlineMs} ms`}`
      : reason === 'memory'
        ? `validation used more than its memory cap (${b.maxHeapMb} MB for examples, ${b.mainHeapMb} MB for the rest)`
        : 'the regex engine gave up';
  return diagnose(at, 'error', 'too-slow', `${what}: ${why}, so the lists are not valid until it finishes; simplify or split what is here (nested repeats in patterns, very many examples or terms)`);
}

