// A pattern list's `tests:` examples run with a time budget per example, so a pattern that
// backtracks on an example cannot stall validate, plan or apply (or a pull request's CI).
//
// Why a worker and not a linear-time engine: the examples must be judged by the same engine that
// previews use and whose flavour validate checks (JavaScript regexes, flags `iu`). An RE2-like
// engine has no lookaround or backreferences and folds case differently, so it would answer some
// examples differently. A worker runs the very same regexes and can be stopped: the main thread
// waits on it with Atomics.wait (checkListTests stays synchronous) and terminates it when an
// example runs past its budget. Word lists need no budget: their matcher is linear.
//
// The worker is plain JavaScript given as text (no import), so it runs the same from the sources
// (tsx, jest), from dist/ and from the Action bundle.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { PATTERN_FLAGS } from '../../match/index.js';

/** How long one example may take against its list. Far above any sane regex on a short text. */
export const EXAMPLE_BUDGET_MS = 1000;

/** The patterns of the list that catch each text, or 'timeout' for a text that ran past the budget. */
export type BudgetedHits = string[] | 'timeout';

const WORKER = `
const { workerData } = require('node:worker_threads');
const { patterns, flags, texts, port, state } = workerData;
const compiled = [];
for (const source of patterns) {
  try { compiled.push({ source, re: new RegExp(source, flags) }); } catch { /* validate reports it */ }
}
for (let i = 0; i < texts.length; i++) {
  const hits = compiled.filter((p) => p.re.test(texts[i])).map((p) => p.source);
  port.postMessage(hits);
  Atomics.store(state, 0, i + 1);
  Atomics.notify(state, 0);
}
`;

/** Each text against the patterns, in order; a text past `budgetMs` is 'timeout' and the rest go on. */
export function patternHitsWithinBudget(patterns: readonly string[], texts: readonly string[], budgetMs = EXAMPLE_BUDGET_MS): BudgetedHits[] {
  const out: BudgetedHits[] = [];
  while (out.length < texts.length) {
    const rest = texts.slice(out.length);
    const done = runWorker(patterns, rest, budgetMs);
    out.push(...done);
    // A worker stops at the first text past its budget; that text is 'timeout', the next worker starts after it.
    if (done.length < rest.length) out.push('timeout');
  }
  return out;
}

/** The hits of the texts the worker finished, each within its budget; stops at the first that was not. */
function runWorker(patterns: readonly string[], texts: readonly string[], budgetMs: number): string[][] {
  const state = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { patterns: [...patterns], flags: PATTERN_FLAGS, texts: [...texts], port: port2, state },
    transferList: [port2],
  });
  worker.unref();
  const hits: string[][] = [];
  try {
    // The first budget also covers the worker's start (a few tens of milliseconds).
    let deadline = Date.now() + budgetMs + 2000;
    while (hits.length < texts.length) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      // Wait while the worker has finished no more than we have read.
      Atomics.wait(state, 0, hits.length, left);
      if (Atomics.load(state, 0) <= hits.length) continue;
      const message = receiveMessageOnPort(port1);
      if (!message) continue;
      hits.push(message.message as string[]);
      deadline = Date.now() + budgetMs;
    }
  } finally {
    port1.close();
    void worker.terminate();
  }
  return hits;
}
