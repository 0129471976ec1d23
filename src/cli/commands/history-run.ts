// `kwsync history`, the run: the target's local apply records and its last GitHub deployment record.
import { EXIT, UsageError } from '../../errors.js';
import { readLastApplied } from '../../status/last-applied.js';
import { readLocalApplies, type LocalApply } from '../../status/local-applies.js';
import { parseRepoName, repoFromOrigin } from '../../status/github-repo.js';
import { DEFAULT_TARGET_NAME } from '../../status/read-status.js';
import { utcMinute } from '../../status/render-status.js';
import type { Applied } from '../../status/status-schema.js';
import { resolveTargetConfig } from '../../targets/target-config.js';
import type { CliIO } from '../io.js';
import { formatTable, printJson } from '../service.js';
import { loadRepo } from '../target.js';
import { openReader } from './status-run.js';

export interface HistoryOptions {
  dir: string;
  target?: string;
  repo?: string;
  format: 'text' | 'json';
}

export async function runHistory(io: CliIO, opts: HistoryOptions): Promise<number> {
  const repoOption = opts.repo === undefined ? undefined : parseRepoName(opts.repo);
  if (opts.repo !== undefined && !repoOption) throw new UsageError(`--repo must be owner/name (got "${opts.repo}")`, { hint: 'e.g. --repo acme/moderation' });
  const { config } = await loadRepo(io, opts.dir, false);
  const target = resolveTargetConfig(config, opts.target);
  const name = target?.name ?? DEFAULT_TARGET_NAME;
  const local = await readLocalApplies(io.cwd, name);
  const repository = repoOption ?? parseRepoName(io.env.GITHUB_REPOSITORY ?? '') ?? (await repoFromOrigin(io.cwd));
  const github = await readLastApplied(openReader(io, repository), { name, environment: target?.environment });
  if (opts.format === 'json') {
    printJson(io.stdout, { formatVersion: 1, target: name, local, github });
    return EXIT.ok;
  }
  io.stdout.write(renderHistory(name, local, github));
  return EXIT.ok;
}

function listsCell(r: LocalApply): string {
  const parts = [`+${r.created.length} created`, `~${r.updated.length} updated`, `-${r.deleted.length} deleted`];
  if (r.failed.length > 0) parts.push(`${r.failed.length} not applied`);
  return parts.join(', ');
}

export function renderHistory(name: string, local: readonly LocalApply[], github: Applied): string {
  const rows = [
    ...local.map((r) => ({ at: r.appliedAt, row: [utcMinute(r.appliedAt), 'this machine', r.sha ? r.sha.slice(0, 7) : 'none', `${listsCell(r)}${r.dirty ? ' (uncommitted changes)' : ''}; app ${r.app.appId ?? r.app.baseUrl}`] })),
    ...(github.found && github.sha ? [{ at: github.appliedAt ?? '', row: [github.appliedAt ? utcMinute(github.appliedAt) : '-', 'GitHub deployment', github.shortSha ?? github.sha.slice(0, 7), github.runUrl ?? 'the last apply the records count'] }] : []),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const out = [`Applies of target "${name}", newest first:`, ''];
  if (rows.length === 0) out.push('none recorded');
  else out.push(formatTable(['WHEN', 'WHERE', 'COMMIT', 'WHAT'], rows.map((r) => r.row)).trimEnd());
  if (!github.found) out.push('', `GitHub deployment records: ${github.reason ?? 'none'}`);
  out.push('', 'Records from this machine are kept in .git/kwsync/ (never committed; the Action does not read them).');
  return `${out.join('\n')}\n`;
}
