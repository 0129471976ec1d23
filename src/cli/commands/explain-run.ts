// The run of `kwsync explain`: validate the folder (explaining invalid lists would mislead), open
// git history, read the live lists when asked, then build and print the report.
import { createKeywordTarget } from '../../api/index.js';
import { EXIT, KwsyncError, UsageError } from '../../errors.js';
import { explainMessageReport, explainTermReport, type ExplainInput } from '../../explain/explain-report.js';
import { openGitHistory } from '../../explain/git-history.js';
import { renderExplainText } from '../../explain/render-text.js';
import { liveNotes, readLiveLists } from '../../plan/read-live.js';
import { similarityThreshold } from '../../preview/similarity-threshold.js';
import { loadEmbedder, type EmbedderLoad } from '../../similarity/embedder.js';
import { renderDiagnosticsText, renderSummary, validateRepo } from '../../validate/index.js';
import { useColor } from '../color.js';
import type { CliIO } from '../io.js';
import { withModelProgress } from '../model-progress.js';
import { connectRead, printJson } from '../service.js';
import { resolveTargetConfig } from '../../targets/target-config.js';
import type { TargetConfig } from '../../model/config.js';
import { posix, sep } from 'node:path';

export interface ExplainOptions {
  dir: string;
  /** A kwsync.yaml target: its lists, overrides applied, and (with --live) its app and key variable. */
  target?: string;
  term?: string;
  live: boolean;
  format: 'text' | 'json';
  /** Not a flag: how the sentence model is loaded (tests pass a fake; default src/similarity/embedder.ts). */
  loadEmbedder?: () => Promise<EmbedderLoad>;
}

export async function runExplain(io: CliIO, message: string | undefined, opts: ExplainOptions): Promise<number> {
  if (message === undefined && opts.term === undefined) {
    throw new UsageError('say what to explain: a message, or --term <term>', { hint: 'kwsync explain "the message" or kwsync explain --term scam' });
  }
  if (message !== undefined && opts.term !== undefined) {
    throw new UsageError('give a message or --term, not both', { hint: 'kwsync explain "the message", or kwsync explain --term scam' });
  }
  if ((opts.term ?? message)!.trim() === '') throw new UsageError(`the ${opts.term !== undefined ? 'term' : 'message'} is empty`, { hint: 'quote the text: kwsync explain "the message"' });
  const repo = await validateRepo({ dir: opts.dir, cwd: io.cwd, ...(opts.target !== undefined ? { target: opts.target } : { onlyTarget: true }) });
  // With targets, the answer is one app's: the one named, else the only one; several: ask which, as plan does.
  // A kwsync.yaml that did not parse is reported as such (below), not as a missing target.
  const configBroken = repo.configFile !== null && repo.diagnostics.some((d) => d.severity === 'error' && d.file === repo.configFile);
  const target = !configBroken && (repo.config.targets !== undefined || opts.target !== undefined) ? resolveTargetConfig(repo.config, opts.target) : undefined;
  if (repo.errorCount > 0) {
    io.stderr.write(renderDiagnosticsText(repo.diagnostics.filter((d) => d.severity === 'error'), { color: useColor(io.stderr, io.env) }));
    io.stderr.write(`${renderSummary(repo.lists.length, repo.errorCount, repo.warningCount)}\n`);
    throw new KwsyncError(`${repo.errorCount} error${repo.errorCount === 1 ? '' : 's'} in the keyword lists, so what they catch cannot be explained`, {
      exitCode: EXIT.invalid,
      hint: 'fix the problems listed above (`kwsync validate` shows them all)',
    });
  }
  // Sentence lists are scored by the local model (loaded only when the folder has one): a message only.
  const similarity = { load: withModelProgress(io, opts.loadEmbedder ?? loadEmbedder), threshold: similarityThreshold(repo.config) };
  const input: ExplainInput = {
    cwd: io.cwd,
    lists: repo.lists,
    git: await openGitHistory(io.cwd),
    similarity,
    ...(repo.rulesManaged ? { rules: repo.rules ?? [] } : {}),
    ...(target ? { target: { name: target.name, leftOut: (repo.targetsLeftOut?.[target.name] ?? []).map((l) => l.id) }, appended: appendedFiles(target, opts.dir) } : {}),
  };
  if (opts.live) {
    const client = await connectRead(io, { target: opts.target, dir: opts.dir }, repo.config);
    try {
      const live = await readLiveLists(createKeywordTarget(client, 'live'), repo.lists.map((l) => l.id));
      input.live = { lists: live.lists, notes: liveNotes(live) };
    } finally {
      await client.close();
    }
  }
  const report = opts.term !== undefined ? await explainTermReport(opts.term, input) : await explainMessageReport(message!, input);
  if (opts.format === 'json') printJson(io.stdout, report);
  else io.stdout.write(renderExplainText(report, { color: useColor(io.stdout, io.env) }));
  return EXIT.ok;
}

/** Per list id, the files the target appends terms from, as paths from the working directory. */
function appendedFiles(target: TargetConfig, dir: string): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(target.overrides ?? {}).map(([id, o]) => [id, (o.appendTermsFrom === undefined ? [] : typeof o.appendTermsFrom === 'string' ? [o.appendTermsFrom] : o.appendTermsFrom).map((f) => posix.join(dir.split(sep).join('/'), f))]),
  );
}
