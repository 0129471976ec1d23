// `kwsync plan`, the run: validate, read the live lists, show what apply would change; optionally
// save it. Loaded when a command runs (plan.ts holds the definition only, for a fast start).
import { writeFile } from 'node:fs/promises';
import { EXIT, KwsyncError, UsageError } from '../../errors.js';
import type { Plan } from '../../model/plan.js';
import { planHasChanges, renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../plan/index.js';
import { requireGitBase } from '../../load/git-base.js';
import { readBaseLists } from '../../plan/former-ids.js';
import type { ServiceEndpoint } from '../../plan/summary.js';
import { planTarget } from '../../sync/plan.js';
import { listLimitSetting } from '../../plan/list-limit.js';
import { readLocalApplies } from '../../status/local-applies.js';
import { DEFAULT_TARGET_NAME } from '../../status/read-status.js';
import { notice, type CliIO } from '../io.js';
import { connectApp, loadRepo, parseFormat, resolvePath, useColor, type LoadedRepo, type OutputFormat } from '../target.js';
import type { KeywordTarget, RuleTarget } from '../../model/target.js';
import type { SafetyConfig } from '../../plan/safety.js';

export interface MadePlan {
  plan: Plan;
  concurrency: number;
  safety: SafetyConfig;
  target: KeywordTarget;
  /** The app's rules, when the connection has them (apply writes rule changes through it). */
  rules?: RuleTarget;
  endpoint: ServiceEndpoint | undefined;
  /** No --base and the plan removes terms: some may be live edits, which cannot be told apart (apply says so). */
  liveEditsUnknown?: boolean;
}

export interface PlanCommandOptions {
  dir: string;
  target?: string;
  format?: string;
  out?: string;
  detailedExitcode?: boolean;
  prune?: boolean;
  /** A git ref whose list files count as managed before: lists whose file was deleted since are asked by id. */
  base?: string;
  /** `--list ID` (repeatable): only these lists of the target. */
  list?: string[];
  /** `--all-targets`: every target of kwsync.yaml, one section each. */
  allTargets?: boolean;
  /** Not a flag: the demo passes the emulator here instead of resolving a target. */
  keywordTarget?: KeywordTarget;
  /** Not a flag: the rules of `keywordTarget`'s app (the demo). */
  ruleTarget?: RuleTarget;
  /** Not a flag: the app, region and host of `keywordTarget`, for the header. */
  endpoint?: ServiceEndpoint;
  /** Not a flag: a folder the caller already loaded and validated (preview, the demo). */
  repo?: LoadedRepo;
}

export async function makePlan(
  io: CliIO,
  opts: Pick<PlanCommandOptions, 'dir' | 'target' | 'prune' | 'base' | 'keywordTarget' | 'ruleTarget' | 'endpoint' | 'repo' | 'list'>,
): Promise<MadePlan> {
  const repo = opts.repo ?? (await loadRepo(io, opts.dir, true, opts.target));
  const only = opts.list && opts.list.length > 0 ? checkListFilter(opts.list, repo.lists.map((l) => l.id), opts.target) : undefined;
  const app: { keywords: KeywordTarget; rules?: RuleTarget | undefined; endpoint: ServiceEndpoint | undefined } = opts.keywordTarget ? { keywords: opts.keywordTarget, rules: opts.ruleTarget, endpoint: opts.endpoint } : connectApp(io, repo.config, opts.target);
  const target = app.keywords;
  const ids = repo.lists.map((l) => l.id);
  if (opts.base) await requireGitBase(io.cwd, opts.base); // a mistyped ref: exit 64 naming it
  const base = opts.base ? await readBaseLists({ cwd: io.cwd, dir: opts.dir, ref: opts.base, currentIds: ids, ...(opts.target !== undefined ? { target: opts.target } : {}) }) : undefined;
  // With the commit last applied as base, live edits made since (the dashboard) are told from the
  // files' own changes, marked, and need --force to revert, as in the Action (DESIGN: exit 4 refused).
  const { plan } = await planTarget({
    lists: repo.lists,
    keywords: target,
    options: { target: target.label, prune: opts.prune === true || repo.config.prune, safety: repo.config.safety },
    ...(base ? { formerIds: base.formerIds, base: base.lists } : {}),
    listLimit: listLimitSetting(repo.config.limits),
    ...(only ? { only } : {}),
    ...(app.rules ? { rules: { target: app.rules, desired: repo.rules ?? null } } : {}),
  });
  return { plan, concurrency: repo.config.apply.concurrency, safety: repo.config.safety, target, ...(app.rules ? { rules: app.rules } : {}), endpoint: app.endpoint, liveEditsUnknown: !base && removesTerms(plan) };
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
  if (!opts.base && !opts.keywordTarget) await offerLocalBase(io, plan, opts);
  // A list with a file whose live list could not be read failed alone: the plan shows the rest, and exits 1.
  if (plan.unreadable && plan.unreadable.length > 0) return EXIT.failure;
  // A plan past the app's list limit cannot be applied (apply refuses it before any write): exit 4, refused.
  if (plan.listLimit?.over) return EXIT.refused;
  return opts.detailedExitcode && planHasChanges(plan) ? EXIT.changes : EXIT.ok;
}

/** The command that applies a saved plan, ready to paste: the folder when not the default, paths shell-quoted. */
function applyPlanCommand(out: string, dir: string | undefined): string {
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


/** Whether apply would take terms out of a live list (the one case a live edit is reverted silently). */
function removesTerms(plan: Plan): boolean {
  return plan.changes.some((c) => c.kind === 'delete' || (c.kind === 'update' && c.removed.length > 0));
}

/**
 * Without --base: the commit of the last apply made from this machine (.git/kwsync/), offered as
 * the base, so live edits made since are told from the files' own changes instead of guessed.
 */
async function offerLocalBase(io: CliIO, plan: Plan, opts: PlanCommandOptions): Promise<void> {
  const name = plan.target;
  const newest = (await readLocalApplies(io.cwd, name).catch(() => []))[0] ?? (await readLocalApplies(io.cwd, DEFAULT_TARGET_NAME).catch(() => []))[0];
  if (!newest?.sha) return;
  const short = newest.sha.slice(0, 7);
  const target = opts.target !== undefined ? ` --target ${opts.target}` : '';
  notice(io, `kwsync: last applied from this machine: ${short}${newest.dirty ? ' (with uncommitted changes: not exactly that commit)' : ''} at ${newest.appliedAt}; \`kwsync plan${target} --base ${short}\` marks live edits made since (\`kwsync history${target}\` lists the applies)`);
}

/**
 * `--list ID`: each id must be one of the target's lists (a typo would plan nothing and look clean).
 * Returns the ids, once each, in the order given.
 */
export function checkListFilter(asked: readonly string[], ids: readonly string[], target: string | undefined): string[] {
  const known = new Set(ids);
  const unknown = asked.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const shown = ids.slice(0, 10).join(', ') + (ids.length > 10 ? ` and ${ids.length - 10} more` : '');
    throw new UsageError(`--list ${unknown.join(', ')}: not a list of ${target !== undefined ? `target "${target}"` : 'this folder'}`, {
      hint: ids.length > 0 ? `the lists it sends: ${shown}` : 'it sends no list',
    });
  }
  return [...new Set(asked)];
}
