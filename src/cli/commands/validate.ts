// `kwsync validate`: offline checks of every list in the keywords folder.
// The rules (yaml, csv-parse, zod) load when the action runs, not when the command is defined.
import { Option } from 'commander';
import { EXIT, UsageError } from '../../errors.js';
import { useColor } from '../color.js';
import { withModelProgress } from '../model-progress.js';
import type { RegisterCommand } from './command.js';
import { intInRange } from './option-parsers.js';

const FORMATS = ['text', 'json', 'github'] as const;
type Format = (typeof FORMATS)[number];

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('validate')
    .description('check every keyword list offline: shape, limits, duplicates, patterns, examples')
    .option('--dir <folder>', 'the keywords folder', 'keywords')
    .addOption(new Option('--format <format>', 'text | json | github (workflow annotations)').default('text'))
    .option('--strict', 'fail on warnings too (or set `validate: { strict: true }` in kwsync.yaml)', false)
    .option('--base <ref>', 'git ref to compare with (e.g. origin/main): point at changed files, flag shrinking lists')
    .option('--deadline <seconds>', 'stop after this long, with a too-slow error where it stopped (for lists from people you do not trust)', intInRange(0, 3600))
    .option('--sentence-checks', 'run the sentence model\'s checks (near-duplicate and generic sentences) even when no sentence list changed against --base', false)
    .option('--verbose', 'say on stderr what the sentence model cost (time, memory, workers) and why it ran or not', false)
    .addHelpText(
      'after',
      `
Examples:
  kwsync validate                         check keywords/, print problems as file:line:col
  kwsync validate --format json > v.json  machine-readable result (formatVersion 1)
  kwsync validate --format github         annotations in a GitHub Actions log
  kwsync validate --strict                warnings fail too
  kwsync validate --base origin/main      compare with the PR's base branch
  kwsync validate --deadline 120          a fork's PR in CI: finish within 2 minutes, whatever its patterns
  kwsync validate --sentence-checks       check sentence lists with the local model (seconds; with
                                          --base it runs by itself when a sentence list changed)

Rule levels: kwsync.yaml \`validate: { rules: { term-dash: error, csv-header: warning } }\` raises or
lowers a rule (only rules a list may accept, and warnings, can be lowered); with --base, the
stricter of the base's levels and the change's apply. A fix worked out for a finding is in the
JSON output as \`fix: { line, column, replace, with }\`.

Exit codes: 0 valid, 3 invalid, 1 folder missing, 64 bad usage.`,
    )
    .action(async (opts: { dir: string; format: string; strict: boolean; base?: string; deadline?: number; sentenceChecks: boolean; verbose: boolean }) => {
      if (!(FORMATS as readonly string[]).includes(opts.format)) {
        throw new UsageError(`unknown --format "${opts.format}"`, { hint: `use one of ${FORMATS.join(', ')}` });
      }
      const format = opts.format as Format;
      const { io } = ctx;
      const { renderDiagnosticsGithub, renderDiagnosticsText, renderSummary, renderValidationJson, validateRepo, validateUntrusted } = await import('../../validate/index.js');
      // A mistyped --base is an error (exit 64), not a quiet comparison with nothing.
      if (opts.base) await (await import('../../load/git-base.js')).requireGitBase(io.cwd, opts.base);
      const what = { dir: opts.dir, cwd: io.cwd, ...(opts.base ? { base: opts.base } : {}), sentenceChecks: withModelProgress(io, async () => (await import('../../similarity/embedder.js')).loadEmbedder()), sentenceChecksWhen: opts.sentenceChecks ? ('always' as const) : ('changed' as const) };
      // With a deadline: one deadline and heap cap for the run (what the Action uses for a PR's lists).
      const result = opts.deadline === undefined ? await validateRepo(what) : await validateUntrusted({ ...what, deadlineMs: opts.deadline * 1000 });
      if (opts.verbose) io.stderr.write(sentenceModelLine(result));
      const failed = result.errorCount > 0 || (opts.strict && result.warningCount > 0);
      const summary = renderSummary(result.lists.length, result.errorCount, result.warningCount);
      if (format === 'json') {
        // formatVersion as every kwsync JSON output; `version` is its old name, kept for readers.
        io.stdout.write(`${JSON.stringify({ formatVersion: 1, ...renderValidationJson(result, { strict: opts.strict }) }, null, 2)}\n`);
      } else if (format === 'github') {
        io.stdout.write(renderDiagnosticsGithub(result.diagnostics));
        if (result.sentenceChecks?.skipped) io.stdout.write(`::notice title=sentence checks::${result.sentenceChecks.skipped.replace(/%/g, '%25')}\n`);
        io.stdout.write(`${summary}\n`);
      } else {
        io.stdout.write(renderDiagnosticsText(result.diagnostics, { color: useColor(io.stdout, io.env) }));
        if (result.sentenceChecks?.skipped) io.stdout.write(`note: ${result.sentenceChecks.skipped}\n`);
        io.stdout.write(`${summary}${opts.strict && result.warningCount > 0 && result.errorCount === 0 ? ' (--strict: warnings fail)' : ''}\n`);
      }
      setExitCode(failed ? EXIT.invalid : EXIT.ok);
    });
};

/** `--verbose`: what the sentence model cost, or why it did not run. */
function sentenceModelLine(result: { sentenceChecks?: { sentences: number; skipped?: string }; sentenceModel?: import('../../validate/index.js').ModelCost }): string {
  const m = result.sentenceModel;
  if (m) {
    const engine = m.engine === 'workers' ? `${m.workers} worker thread${m.workers === 1 ? '' : 's'}` : m.engine === 'in-thread' ? 'this thread' : m.engine;
    const fallback = m.fallback ? `; the workers were lost, embedded in this thread: ${m.fallback}` : '';
    return `sentence model: ${(m.ms / 1000).toFixed(1)} s for ${m.embedded} texts (load included), peak RSS ${m.peakRssMb} MB, ${engine}${fallback}\n`;
  }
  if (result.sentenceChecks?.skipped) return `sentence model: not loaded (${result.sentenceChecks.skipped})\n`;
  return 'sentence model: not loaded (no sentence-similarity list)\n';
}
