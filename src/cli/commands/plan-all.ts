// `kwsync plan --all-targets`: every target of kwsync.yaml planned in one run, one section each, in
// kwsync.yaml's order, as octoDNS plans every provider. A target that cannot be planned (its key
// unset, its app unreachable) is said in its section and the others still run. One exit code: 1
// when one failed, else 4 when one cannot be applied (its list limit), else 2 with
// --detailed-exitcode when one has changes, else 0.
import { EXIT, KwsyncError, UsageError } from '../../errors.js';
import { planHasChanges, savePlan } from '../../plan/index.js';
import type { Plan } from '../../model/plan.js';
import { displayLine } from '../../load/quote-value.js';
import type { CliIO } from '../io.js';
import { PLANS_FORMAT_VERSION, type PlansReport } from '../output-schemas/plans.js';
import { printJson } from '../service.js';
import { loadRepo, useColor, type OutputFormat } from '../target.js';
import { makePlan, renderPlan, type PlanCommandOptions } from './plan-run.js';
import type { ServiceEndpoint } from '../../plan/summary.js';

type Section = { target: string; plan?: Plan; endpoint?: ServiceEndpoint | undefined; error?: string };

export async function runPlanAllTargets(io: CliIO, opts: PlanCommandOptions, format: OutputFormat): Promise<number> {
  if (opts.target !== undefined) throw new UsageError('--all-targets plans every target; --target names one', { hint: 'leave out one of them' });
  if (opts.out !== undefined) throw new UsageError('--out saves one target\'s plan; --all-targets plans them all', { hint: 'save each with `kwsync plan --target NAME --out NAME.json`' });
  if (opts.list !== undefined && opts.list.length > 0) throw new UsageError('--list limits one target\'s plan; with --all-targets each target has its own lists', { hint: 'use --target NAME --list ID' });
  const { config } = await loadRepo(io, opts.dir, true);
  const names = (config.targets ?? []).map((t) => t.name);
  if (names.length === 0) throw new UsageError('--all-targets needs targets in kwsync.yaml; this one defines none (the environment is the only target)', { hint: 'run `kwsync plan` without it' });
  const sections: Section[] = [];
  for (const name of names) {
    try {
      const made = await makePlan({ ...io, quiet: true }, { ...opts, target: name });
      sections.push({ target: name, plan: made.plan, endpoint: made.endpoint });
    } catch (err) {
      // Bad usage or invalid lists are the run's, not a target's: said once, as for one target.
      if (!(err instanceof KwsyncError) || err.exitCode === EXIT.usage || err.exitCode === EXIT.invalid) throw err;
      sections.push({ target: name, error: err.message });
    }
  }
  const changed = sections.some((s) => s.plan && planHasChanges(s.plan));
  if (format === 'json') {
    const report: PlansReport = {
      formatVersion: PLANS_FORMAT_VERSION,
      hasChanges: changed,
      targets: sections.map((s) => ({ target: s.target, ...(s.plan ? { plan: savePlan(s.plan) } : {}), ...(s.error !== undefined ? { error: s.error } : {}) })),
    };
    printJson(io.stdout, report);
  } else {
    const color = useColor(io.stdout, io.env);
    const parts = sections.map((s) =>
      s.plan
        ? renderPlan(s.plan, format, color, s.endpoint)
        : format === 'markdown'
          ? `### kwsync plan for \`${s.target}\`\n\n**Not planned:** ${s.error}\n`
          : `Plan for target "${displayLine(s.target)}": not planned\n  ${displayLine(s.error ?? '')}\n`,
    );
    io.stdout.write(`${parts.join('\n')}\n${overall(sections)}\n`);
  }
  if (sections.some((s) => s.error !== undefined || (s.plan?.unreadable?.length ?? 0) > 0)) return EXIT.failure;
  if (sections.some((s) => s.plan?.listLimit?.over)) return EXIT.refused;
  return opts.detailedExitcode && changed ? EXIT.changes : EXIT.ok;
}

/** "2 targets: us 1 to change, eu no changes, ap not planned". */
function overall(sections: readonly Section[]): string {
  const each = sections.map((s) => {
    if (!s.plan) return `${s.target} not planned`;
    const n = s.plan.changes.filter((c) => c.kind !== 'noop').length;
    const over = s.plan.listLimit?.over ? ' (over its list limit)' : '';
    return `${s.target} ${n === 0 ? 'no changes' : `${n} list${n === 1 ? '' : 's'} to change`}${over}`;
  });
  return `All targets (${sections.length}): ${each.map(displayLine).join(', ')}.`;
}
