// `kwsync apply`: apply a fresh plan, or exactly a saved one (`--plan`), then report per list.
import { readFile } from 'node:fs/promises';
import { applyFailed, applyPlan, assertFresh, renderApplyReportJson, renderApplyReportMarkdown, renderApplyReportText } from '../../apply/index.js';
import { EXIT, KwsyncError, RefusedPlanError } from '../../errors.js';
import type { ApplyReport, Plan } from '../../model/plan.js';
import type { KeywordTarget } from '../../model/target.js';
import { readLiveLists, readSavedPlan, renderPlanText } from '../../plan/index.js';
import type { SafetyConfig } from '../../plan/safety.js';
import type { ServiceEndpoint } from '../../plan/summary.js';
import type { CliIO } from '../io.js';
import { connectApp, loadRepo, parseConcurrency, parseFormat, progressReporter, resolvePath, useColor, type LoadedRepo, type OutputFormat } from '../target.js';
import type { RegisterCommand } from './index.js';
import { makePlan } from './plan.js';

export interface ApplyCommandOptions {
  dir: string;
  target?: string;
  plan?: string;
  force?: boolean;
  prune?: boolean;
  concurrency?: string;
  format?: string;
  /** Print the plan before applying it (text format); the demo has just shown it. */
  showPlan?: boolean;
  /** Not a flag: the demo passes the emulator here instead of resolving a target. */
  keywordTarget?: KeywordTarget;
  /** Not a flag: the app, region and host of `keywordTarget`, for the headers. */
  endpoint?: ServiceEndpoint;
  /** Not a flag: a folder the caller already loaded and validated (the demo; fresh plans only). */
  repo?: LoadedRepo;
}

export async function runApply(io: CliIO, opts: ApplyCommandOptions): Promise<number> {
  const format = parseFormat(opts.format);
  // Parsed before anything is read, so bad usage costs no request.
  const concurrency = opts.concurrency === undefined ? undefined : parseConcurrency(opts.concurrency, 1);
  const prepared = opts.plan ? await prepareSavedPlan(io, opts, opts.plan) : await prepareFreshPlan(io, opts, format);
  const report = await applyPlan(prepared.plan, prepared.target, {
    force: opts.force === true,
    concurrency: concurrency ?? prepared.concurrency,
    safety: prepared.safety,
    onProgress: progressReporter(io.stderr, io.quiet),
  });
  io.stdout.write(renderReport(report, format, useColor(io.stdout, io.env), prepared.endpoint));
  return applyFailed(report) ? EXIT.failure : EXIT.ok;
}

interface Prepared {
  plan: Plan;
  target: KeywordTarget;
  concurrency: number;
  /** kwsync.yaml `safety`, re-checked against each live list at write time. */
  safety: SafetyConfig;
  endpoint: ServiceEndpoint | undefined;
}

async function prepareFreshPlan(io: CliIO, opts: ApplyCommandOptions, format: OutputFormat): Promise<Prepared> {
  const { plan, concurrency, safety, target, endpoint } = await makePlan(io, opts);
  // Show what is about to change, as Terraform does; machine formats and --quiet get only the report.
  if (format === 'text' && opts.showPlan !== false && !io.quiet) {
    io.stdout.write(`${renderPlanText(plan, { color: useColor(io.stdout, io.env), endpoint })}\n`);
  }
  return { plan, target, concurrency, safety, endpoint };
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
  const { keywords: target, endpoint } = connectApp(io, repo.config, opts.target);
  if (plan.mode !== 'live') {
    throw new RefusedPlanError(`${file} is an offline plan (made without the live app) and cannot be applied`, [`${file}: mode ${plan.mode}`], {
      hint: 'make a live plan where the key is set: `kwsync plan --out plan.json`',
    });
  }
  if (plan.target !== target.label) {
    throw new RefusedPlanError(`${file} was made for target "${plan.target}", not "${target.label}"`, [
      `${file}: target ${plan.target}`,
    ], { hint: 'apply it with the same --target and environment it was planned with' });
  }
  assertFresh(plan, (await readLiveLists(target, plan.changes.map((c) => c.id))).lists, file);
  return { plan, target, concurrency: repo.config.apply.concurrency, safety: repo.config.safety, endpoint };
}

function renderReport(report: ApplyReport, format: OutputFormat, color: boolean, endpoint: ServiceEndpoint | undefined): string {
  if (format === 'json') return renderApplyReportJson(report);
  if (format === 'markdown') return renderApplyReportMarkdown(report, { endpoint });
  return renderApplyReportText(report, { color, endpoint });
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('apply')
    .description('apply the plan: create, update and (with --prune) delete lists, then verify each write')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, or the environment)')
    .option('--plan <file>', 'apply exactly this saved plan (refused if stale or altered)')
    .option('--force', 'apply changes marked unsafe (large removals, deletions)')
    .option('--prune', 'delete live lists that have no file (a saved plan keeps its own setting)')
    .option('--concurrency <n>', 'writes in flight at once, 1-16 (default: apply.concurrency, 4)')
    .option('--format <format>', 'report as text, markdown or json', 'text')
    .addHelpText(
      'after',
      `
Examples:
  kwsync apply
  kwsync plan --out plan.json && kwsync apply --plan plan.json
  kwsync apply --prune --force          # also delete lists with no file
  kwsync apply --format json > report.json

Exit codes: 0 done, 1 something failed or was skipped (re-run to finish), 3 invalid lists,
4 refused (unsafe without --force, stale or altered plan), 64 bad usage.`,
    )
    .action(async (opts: ApplyCommandOptions) => {
      setExitCode(await runApply(ctx.io, opts));
    });
};
