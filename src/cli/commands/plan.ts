// `kwsync plan`: validate, read the live lists, show what apply would change; optionally save it.
import { writeFile } from 'node:fs/promises';
import { EXIT, KwsyncError } from '../../errors.js';
import type { Plan } from '../../model/plan.js';
import type { SafetyConfig } from '../../plan/safety.js';
import type { KeywordTarget } from '../../model/target.js';
import { computePlan, liveNotes, readLiveLists, planHasChanges, renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../plan/index.js';
import type { ServiceEndpoint } from '../../plan/summary.js';
import { notice, type CliIO } from '../io.js';
import { connectApp, loadRepo, parseFormat, resolvePath, useColor, type LoadedRepo, type OutputFormat } from '../target.js';
import type { RegisterCommand } from './index.js';

export interface PlanCommandOptions {
  dir: string;
  target?: string;
  format?: string;
  out?: string;
  detailedExitcode?: boolean;
  prune?: boolean;
  /** Not a flag: the demo passes the emulator here instead of resolving a target. */
  keywordTarget?: KeywordTarget;
  /** Not a flag: the app, region and host of `keywordTarget`, for the header. */
  endpoint?: ServiceEndpoint;
  /** Not a flag: a folder the caller already loaded and validated (preview, the demo). */
  repo?: LoadedRepo;
}

export interface MadePlan {
  plan: Plan;
  concurrency: number;
  safety: SafetyConfig;
  target: KeywordTarget;
  endpoint: ServiceEndpoint | undefined;
}

export async function makePlan(
  io: CliIO,
  opts: Pick<PlanCommandOptions, 'dir' | 'target' | 'prune' | 'keywordTarget' | 'endpoint' | 'repo'>,
): Promise<MadePlan> {
  const repo = opts.repo ?? (await loadRepo(io, opts.dir));
  const app = opts.keywordTarget ? { keywords: opts.keywordTarget, endpoint: opts.endpoint } : connectApp(io, repo.config, opts.target);
  const target = app.keywords;
  const live = await readLiveLists(target, repo.lists.map((l) => l.id));
  const plan = computePlan(repo.lists, live.lists, {
    notes: liveNotes(live),
    target: target.label,
    prune: opts.prune === true || repo.config.prune,
    safety: repo.config.safety,
  });
  return { plan, concurrency: repo.config.apply.concurrency, safety: repo.config.safety, target, endpoint: app.endpoint };
}

export function renderPlan(plan: Plan, format: OutputFormat, color: boolean, endpoint?: ServiceEndpoint): string {
  if (format === 'json') return renderPlanJson(plan);
  if (format === 'markdown') return renderPlanMarkdown(plan, { endpoint });
  return renderPlanText(plan, { color, endpoint });
}

export async function runPlan(io: CliIO, opts: PlanCommandOptions): Promise<number> {
  const format = parseFormat(opts.format);
  const { plan, endpoint } = await makePlan(io, opts);
  // Saved first: a plan printed and then not saved would look, in a CI log, as if it had been.
  if (opts.out) await savePlanFile(io, opts.out, plan);
  io.stdout.write(renderPlan(plan, format, useColor(io.stdout, io.env), endpoint));
  if (opts.out) notice(io, `Saved the plan to ${opts.out}; apply exactly it with: ${applyPlanCommand(opts.out, opts.dir)}`);
  return opts.detailedExitcode && planHasChanges(plan) ? EXIT.changes : EXIT.ok;
}

/** The command that applies a saved plan, ready to paste: the folder when not the default, paths shell-quoted. */
export function applyPlanCommand(out: string, dir: string | undefined): string {
  const q = (s: string) => (/^[\w./@%+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return `kwsync apply --plan ${q(out)}${dir && dir !== 'keywords' ? ` --dir ${q(dir)}` : ''}`;
}

async function savePlanFile(io: CliIO, out: string, plan: Plan): Promise<void> {
  try {
    await writeFile(resolvePath(io, out), renderPlanJson(plan), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new KwsyncError(`cannot write the plan to ${out}: ${code}`, {
      hint: code === 'ENOENT' ? 'create the folder first, or choose another --out path' : 'choose a writable --out path',
    });
  }
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('plan')
    .description('show what apply would change on the live app (desired lists vs live lists)')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, or the environment)')
    .option('--format <format>', 'text, markdown or json', 'text')
    .option('--out <file>', 'also save the plan (JSON with a checksum) for `kwsync apply --plan`')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when there are none')
    .option('--prune', 'plan to delete live lists that have no file (default lists are never deleted)')
    .addHelpText(
      'after',
      `
Examples:
  kwsync plan
  kwsync plan --format markdown > plan.md
  kwsync plan --out plan.json --detailed-exitcode   # exit 2 if anything would change
  kwsync plan --target staging --prune

Exit codes: 0 ok (or no changes), 2 changes (with --detailed-exitcode), 1 API error, 3 invalid lists, 64 bad usage.`,
    )
    .action(async (opts: PlanCommandOptions) => {
      setExitCode(await runPlan(ctx.io, opts));
    });
};
