// Regexes from untrusted lists, run where they can be stopped. A backtracking RegExp never yields,
// so neither a timer nor a check between messages can end it on the thread that runs it; a worker
// thread can be terminated from outside at any point, and `resourceLimits` caps its heap. The same
// V8 engine runs the same patterns with the same flags, so the answers are the matcher's.
//
// One worker serves many runs (starting one costs tens of milliseconds). It answers job by job, so
// a run that is stopped keeps the answers it had; the worker writes the job and the pattern it is
// on into shared memory, so a stop can say which pattern was running.
//
// The worker is plain JavaScript given as text (no import), so it runs the same from the sources
// (tsx, jest), from dist/ and from the Action bundle.
import { Worker } from 'node:worker_threads';
import { PATTERN_FLAGS } from './pattern-matcher.js';

export interface RegexLimits {
  /** Epoch milliseconds past which no regex runs: the run stops with reason 'deadline'. */
  deadline: number;
  /** How long one job may take; a job past it is 'timeout' and the run goes on with the next. Default: only the deadline. */
  jobBudgetMs?: number;
  /** The worker's heap cap in MB (its old generation); past it the run stops with reason 'memory'. */
  maxHeapMb: number;
}

/** One text against the patterns of one set (all of them, or only `candidates`, by index). */
export interface RegexJob {
  set: number;
  text: string;
  candidates?: readonly number[];
}

/** The indexes of the patterns that match, or 'timeout' (past the job budget, or the engine gave up on it). */
export type JobHits = number[] | 'timeout';

export interface RegexStop {
  reason: 'deadline' | 'memory' | 'failed';
  /** The job that was running (an index into the run's jobs); it and the jobs after it have no answer. */
  job: number;
  set: number;
  /** The pattern that was running, when known. */
  pattern: number | null;
}

export interface RegexRun {
  /** One answer per job, in order, up to the stop (all of them without one). */
  results: JobHits[];
  stopped?: RegexStop;
}

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { sets, flags, state } = workerData;
const compiled = sets.map((set) => set.map((source) => { try { return new RegExp(source, flags); } catch { return null; } }));
parentPort.on('message', (jobs) => {
  for (let j = 0; j < jobs.length; j++) {
    const { set, text, candidates } = jobs[j];
    const res = compiled[set];
    Atomics.store(state, 0, j);
    const hits = [];
    let failed = false;
    const indexes = candidates ?? res.map((_, i) => i);
    for (const i of indexes) {
      const re = res[i];
      if (!re) continue;
      Atomics.store(state, 1, i);
      try { if (re.test(text)) hits.push(i); } catch { failed = true; break; }
    }
    Atomics.store(state, 1, -1);
    parentPort.postMessage(failed ? 'timeout' : hits);
  }
});
`;

const WORKER_START_MS = 2000;
const MAX_DELAY = 2 ** 31 - 1;

type BatchEnd = 'job-timeout' | RegexStop['reason'];

export class BoundedRegex {
  private worker: Worker | undefined;
  private readonly state = new Int32Array(new SharedArrayBuffer(8));

  constructor(
    private readonly sets: readonly (readonly string[])[],
    private readonly limits: RegexLimits,
  ) {}

  /** The jobs in order; stops at the deadline or the memory cap with what was answered. */
  async run(jobs: readonly RegexJob[]): Promise<RegexRun> {
    const results: JobHits[] = [];
    while (results.length < jobs.length) {
      const start = results.length;
      const stop = (reason: RegexStop['reason'], pattern: number | null = null): RegexRun => ({ results, stopped: { reason, job: start, set: jobs[start]!.set, pattern } });
      if (Date.now() >= this.limits.deadline) return stop('deadline');
      const out = await this.batch(jobs.slice(start));
      results.push(...out.done);
      if (!out.end) continue;
      this.close();
      if (out.end === 'job-timeout') results.push('timeout');
      else return { results, stopped: { reason: out.end, job: results.length, set: jobs[results.length]!.set, pattern: out.pattern } };
    }
    return { results };
  }

  /** Ends the worker (a run after this starts a new one). */
  close(): void {
    const w = this.worker;
    this.worker = undefined;
    if (w) void w.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { sets: this.sets.map((s) => [...s]), flags: PATTERN_FLAGS, state: this.state },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(32, this.limits.maxHeapMb / 4)), stackSizeMb: 4 },
    });
    worker.unref();
    return worker;
  }

  /** Posts the jobs and collects answers until all are in, or the worker is past a budget or gone. */
  private batch(jobs: readonly RegexJob[]): Promise<{ done: JobHits[]; end?: BatchEnd; pattern: number | null }> {
    const fresh = this.worker === undefined;
    const worker = (this.worker ??= this.spawn());
    const started = Date.now();
    return new Promise((resolve) => {
      const done: JobHits[] = [];
      let timer: NodeJS.Timeout | undefined;
      const finish = (end?: BatchEnd) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        worker.unref();
        const pattern = Atomics.load(this.state, 1);
        resolve({ done, ...(end ? { end } : {}), pattern: end && pattern >= 0 ? pattern : null });
      };
      const arm = (from: number) => {
        clearTimeout(timer);
        const jobEnd = this.limits.jobBudgetMs === undefined ? Infinity : from + this.limits.jobBudgetMs;
        const at = Math.min(this.limits.deadline, jobEnd);
        // setTimeout takes at most 2^31-1 ms (a larger delay fires at once); an endless run re-arms instead.
        timer = setTimeout(() => (at - Date.now() > MAX_DELAY ? arm(from) : finish(at === this.limits.deadline ? 'deadline' : 'job-timeout')), Math.min(MAX_DELAY, Math.max(0, at - Date.now())));
      };
      const onMessage = (hits: JobHits) => {
        done.push(hits);
        if (done.length === jobs.length) finish();
        else arm(Date.now());
      };
      const onError = (err: unknown) => finish((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed');
      const onExit = () => finish('failed');
      // Held while a batch runs (the awaiting caller needs its answer), let go between runs.
      worker.ref();
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      Atomics.store(this.state, 1, -1);
      // A new worker's first job budget also covers its start (tens of milliseconds, more on a busy machine).
      arm(started + (fresh ? WORKER_START_MS : 0));
      worker.postMessage(jobs);
    });
  }
}
