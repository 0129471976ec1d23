// `kwsync apply`, the run (apply.ts holds the definition only, for a fast start): apply a fresh plan (shown, and confirmed with `yes` on a terminal), or exactly a
// saved one (`--plan`, which was the reviewed plan: no question, as `terraform apply plan`), then
// report per list. Ctrl-C stops starting writes; a second Ctrl-C quits at once.
import { readFile } from 'node:fs/promises';
import { applyFailed, assertFresh, renderApplyReportJson, renderApplyReportMarkdown, renderApplyReportText } from '../../apply/index.js';
import { EXIT, KwsyncError, RefusedPlanError, UsageError } from '../../errors.js';
import type { KwsyncConfig } from '../../model/config.js';
import { planHasChanges, type ApplyReport, type Plan } from '../../model/plan.js';
import type { KeywordTarget, RuleTarget } from '../../model/target.js';
import { readLiveLists, readSavedPlan, renderPlanText } from '../../plan/index.js';
import type { ServiceEndpoint } from '../../plan/summary.js';
import { applyTarget } from '../../sync/apply.js';
import { notice, type CliIO } from '../io.js';
import { applyProgress } from '../progress.js';
import { connectApp, loadRepo, parseConcurrency, parseFormat, resolvePath, useColor, type LoadedRepo, type OutputFormat } from '../target.js';
import { resolveTargetConfig } from '../../targets/target-config.js';
import { askLine, EXIT_INTERRUPTED, onSigint } from '../terminal.js';
import { makePlan } from './plan-run.js';
import { localApplyOf, recordLocalApply } from '../../status/local-applies.js';
import { DEFAULT_TARGET_NAME } from '../../status/read-status.js';

export interface ApplyCommandOptions {
  dir: string;
  target?: string;
  plan?: string;
  force?: boolean;
  prune?: boolean;
  /** A git ref whose list files count as managed before (see plan --base). */
  base?: string;
  /** `--list ID` (repeatable): only these lists of the target (a fresh plan; a saved one has its own). */
  list?: string[];
  concurrency?: string;
  format?: string;
  /** Apply without asking (CI, scripts, the demo). */
  autoApprove?: boolean;
  /** Apply a target marked `applyFrom: ci` from outside CI. */
  allowLocalApply?: boolean;
  /** Print the plan before applying it (text format); the demo has just shown it. */
  showPlan?: boolean;
  /** Not a flag: the demo passes the emulator here instead of resolving a target. */
  keywordTarget?: KeywordTarget;
  /** Not a flag: the app, region and host of `keywordTarget`, for the headers. */
  endpoint?: ServiceEndpoint;
  /** Not a flag: a folder the caller already loaded and validated (the demo; fresh plans only). */
  repo?: LoadedRepo;
}

/** What apply needs of the terminal; tests pass their own. */
export interface ApplyTerminal {
  /** A person can answer a question (stdin and stderr are terminals). */
  isInteractive: boolean;
  /** True only when the answer is exactly `yes`. */
  confirm(question: string): Promise<boolean>;
  /** Calls `first` on the first Ctrl-C and `second` on the next, until the returned function is called. */
  onInterrupt(first: () => void, second: () => void): () => void;
}

export async function runApply(io: CliIO, opts: ApplyCommandOptions, terminal: ApplyTerminal = processTerminal(io)): Promise<number> {
  const format = parseFormat(opts.format);
  // Parsed before anything is read, so bad usage costs no request.
  const concurrency = opts.concurrency === undefined ? undefined : parseConcurrency(opts.concurrency, 1);
  const ask = !opts.plan && opts.autoApprove !== true;
  if (ask && !terminal.isInteractive) {
    throw new UsageError('apply changes the live app and there is no terminal to confirm on', {
      hint: 'pass --auto-approve to apply without asking (CI, scripts), or apply a reviewed plan with --plan plan.json',
    });
  }
  if (opts.plan && opts.list !== undefined && opts.list.length > 0) {
    throw new UsageError('--list belongs to a fresh plan; a saved plan keeps the lists it was made for', { hint: 'plan with `kwsync plan --list ID --out plan.json`, then apply it with --plan alone' });
  }
  if (opts.plan && opts.base !== undefined) {
    throw new UsageError('--base belongs to a fresh plan; a saved plan was made with (or without) its own', { hint: 'plan with `kwsync plan --base REF --out plan.json`, then apply it with --plan alone' });
  }
  const prepared = opts.plan ? await prepareSavedPlan(io, opts, opts.plan) : await prepareFreshPlan(io, opts, format);
  if (ask && planHasChanges(prepared.plan) && !(await confirmed(io, terminal, prepared, format))) {
    throw new KwsyncError('apply cancelled; nothing was written', { hint: 'answer `yes` to apply, or pass --auto-approve' });
  }
  const controller = new AbortController();
  const stopListening = terminal.onInterrupt(
    () => {
      io.stderr.write('\nkwsync: interrupted; no new write starts, waiting for the writes in flight (Ctrl-C again to quit now)…\n');
      controller.abort();
    },
    () => {
      io.stderr.write('kwsync: interrupted twice; quitting now. Each list is at its old or its new state; run `kwsync apply` again to finish.\n');
    },
  );
  let report: ApplyReport;
  const writing = applyProgress(io);
  try {
    report = await applyTarget({
      plan: prepared.plan,
      keywords: prepared.target,
      rules: prepared.rules,
      config: prepared.config,
      force: opts.force === true,
      concurrency,
      signal: controller.signal,
      onProgress: writing.onProgress,
    });
  } finally {
    writing.end();
    stopListening();
  }
  io.stdout.write(renderReport(report, format, useColor(io.stdout, io.env), prepared.endpoint));
  await recordApply(io, opts.dir, prepared.config.targets?.length ? report : { ...report, target: DEFAULT_TARGET_NAME }, prepared.endpoint);
  if (controller.signal.aborted) return EXIT_INTERRUPTED;
  return applyFailed(report) ? EXIT.failure : EXIT.ok;
}

interface Prepared {
  plan: Plan;
  target: KeywordTarget;
  rules?: RuleTarget | undefined;
  /** kwsync.yaml: its concurrency, safety (re-checked against each live list at write time) and retries. */
  config: KwsyncConfig;
  endpoint: ServiceEndpoint | undefined;
}

async function confirmed(io: CliIO, terminal: ApplyTerminal, prepared: Prepared, format: OutputFormat): Promise<boolean> {
  // The person must see what they approve: a --format json/markdown run shows the plan on stderr.
  if (format !== 'text' || io.quiet) io.stderr.write(`${renderPlanText(prepared.plan, { color: useColor(io.stderr, io.env), endpoint: prepared.endpoint })}\n`);
  return terminal.confirm(`Apply these changes to "${prepared.target.label}"? Only 'yes' will be accepted: `);
}

/** `applyFrom: ci` on the target: refused outside CI unless --allow-local-apply (no lock exists on the service side). */
function assertMayApply(io: CliIO, config: KwsyncConfig, name: string | undefined, allowLocal: boolean): void {
  const target = resolveTargetConfig(config, name);
  if (target?.applyFrom !== 'ci' || allowLocal || isCi(io.env)) return;
  throw new KwsyncError(`target "${target.name}" is applied only from CI (applyFrom: ci in kwsync.yaml), and this is not CI`, {
    exitCode: EXIT.refused,
    hint: 'merge the change and let the apply workflow run it; if you are sure no CI run is applying this target now, pass --allow-local-apply',
  });
}

/**
 * `after:` is checked by the Action from deployment records; this command reads none, so it says the
 * promotion is the operator's to check rather than implying it held.
 */
function noteAfter(io: CliIO, config: KwsyncConfig, name: string | undefined): void {
  const target = resolveTargetConfig(config, name);
  if (target?.after === undefined) return;
  notice(
    io,
    `kwsync: target "${target.name}" has \`after: ${target.after}\` in kwsync.yaml; kwsync apply does not check that "${target.after}" applied this commit first (it reads no deployment records; the Action does): check \`kwsync status\` first, or let the apply workflow promote it`,
  );
}

export function isCi(env: CliIO['env']): boolean {
  return env.CI === 'true' || env.CI === '1' || env.GITHUB_ACTIONS === 'true';
}

async function prepareFreshPlan(io: CliIO, opts: ApplyCommandOptions, format: OutputFormat): Promise<Prepared> {
  const repo = opts.repo ?? (await loadRepo(io, opts.dir, true, opts.target));
  if (!opts.keywordTarget) {
    assertMayApply(io, repo.config, opts.target, opts.allowLocalApply === true);
    noteAfter(io, repo.config, opts.target);
  }
  const { plan, target, rules, endpoint, liveEditsUnknown } = await makePlan(io, { ...opts, repo });
  // Apply is where a term blocked in the dashboard would be removed without a word: say what tells it apart.
  if (liveEditsUnknown) notice(io, 'live edits cannot be told from changes in the files without --base; pass --base <the commit last applied> to have terms added live since marked, and kept from being removed without --force');
  // Show what is about to change, as Terraform does; machine formats and --quiet get only the report.
  if (format === 'text' && opts.showPlan !== false && !io.quiet) {
    io.stdout.write(`${renderPlanText(plan, { color: useColor(io.stdout, io.env), endpoint })}\n`);
  }
  return { plan, target, rules, config: repo.config, endpoint };
}

async function prepareSavedPlan(io: CliIO, opts: ApplyCommandOptions, file: string): Promise<Prepared> {
  let text: string;
  try {
    text = await readFile(resolvePath(io, file), 'utf8');
  } catch (err) {
    throw new KwsyncError(`cannot read the plan ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, {
      hint: 'make one with `kwsync plan --out plan.json`',
    });
  }
  const plan = readSavedPlan(text, file);
  const repo = await loadRepo(io, opts.dir, false);
  // The plan names its target: no --target needed, and a different one is refused below.
  const named = opts.target ?? ((repo.config.targets ?? []).some((t) => t.name === plan.target) ? plan.target : undefined);
  assertMayApply(io, repo.config, named, opts.allowLocalApply === true);
  noteAfter(io, repo.config, named);
  const { keywords: target, rules, endpoint } = connectApp(io, repo.config, named);
  if (plan.mode !== 'live') {
    throw new RefusedPlanError(`${file} is an offline plan (made without the live app) and cannot be applied`, [`${file}: mode ${plan.mode}`], {
      hint: 'make a live plan where the key is set: `kwsync plan --out plan.json`',
    });
  }
  if (plan.target !== target.label) {
    throw new RefusedPlanError(`${file} was made for target "${plan.target}", not "${target.label}"`, [
      `${file}: target ${plan.target}`,
    ], { hint: 'leave out --target (the plan names its own), and use the environment it was planned with' });
  }
  assertFresh(plan, (await readLiveLists(target, plan.changes.map((c) => c.id))).lists, file);
  return { plan, target, rules, config: repo.config, endpoint };
}

function renderReport(report: ApplyReport, format: OutputFormat, color: boolean, endpoint: ServiceEndpoint | undefined): string {
  if (format === 'json') return renderApplyReportJson(report);
  if (format === 'markdown') return renderApplyReportMarkdown(report, { endpoint });
  return renderApplyReportText(report, { color, endpoint });
}

/**
 * The real terminal: the question on stderr, Ctrl-C as SIGINT (a second one quits at once). A
 * person can answer only when stdin is a terminal and the command's own stderr is one (a command
 * run in-process with captured output never asks).
 */
export function processTerminal(io: CliIO): ApplyTerminal {
  return {
    isInteractive: process.stdin.isTTY === true && io.stderr.isTTY === true,
    confirm: async (question) => (await askLine(question)) === 'yes',
    onInterrupt: onSigint,
  };
}


/**
 * An apply that wrote something leaves a record in .git/kwsync/ (never committed, never read by the
 * Action): `kwsync status` shows it as applied from this machine, `plan` offers it as --base.
 */
async function recordApply(io: CliIO, dir: string, report: ApplyReport, endpoint: ServiceEndpoint | undefined): Promise<void> {
  if (!report.results.some((r) => r.outcome === 'applied')) return;
  const record = await localApplyOf(io.cwd, dir, report, { appId: endpoint?.appId ?? null, baseUrl: endpoint?.baseUrl ?? endpoint?.host ?? '' });
  const file = await recordLocalApply(io.cwd, record);
  if (file) notice(io, `kwsync: recorded this apply of ${record.sha ? record.sha.slice(0, 7) : 'no commit'}${record.dirty ? ' (with uncommitted changes)' : ''} in .git/kwsync/ (this machine only): \`kwsync history --target ${report.target}\` lists it`);
}
