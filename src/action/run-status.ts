// mode: status. The same report as `kwsync status` (src/status), for every target of kwsync.yaml
// (or the `target` input), written to the job summary as one table. Lists are read from this
// checkout's git; an applied commit a shallow checkout lacks is fetched by its sha.
import { resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { statusReport } from '../sync/status.js';
import { targetInSync, targetUnread } from '../status/classify.js';
import { commitOf, fetchCommit } from '../status/git-lists.js';
import type { CommitLists, StatusDeps } from '../status/read-status.js';
import { deploymentPredictions } from '../status/rule-predictions.js';
import { driftCell, aheadCell, renderStatusMarkdown } from '../status/render-status.js';
import type { ActionResult, ActionRun } from './deps.js';
import { TARGET_INPUT } from './setup.js';
import { readersTrusted, withheldNamesNote, withoutUnfiledRules } from './public-view.js';

export async function runStatus({ inputs, context, deps }: ActionRun): Promise<ActionResult> {
  // Status connects with the checkout's kwsync.yaml (baseUrl, apiKeyEnv): a pull request's would pick where a key goes.
  if (context.eventName === 'pull_request' || context.eventName === 'pull_request_target') {
    return { hasChanges: false, planJsonPath: '', failed: true, message: `mode status does not run on ${context.eventName}: it would connect with the pull request's kwsync.yaml (its baseUrl and apiKeyEnv); run it on push, schedule or workflow_dispatch` };
  }
  const validation = await deps.validateRepo({ dir: inputs.dir, cwd: context.workspace });
  const configFile = validation.configFile;
  const configErrors = configFile === null ? [] : validation.diagnostics.filter((d) => d.severity === 'error' && resolve(context.workspace, d.file) === resolve(context.workspace, configFile));
  for (const d of configErrors) deps.log.annotate(d);
  if (configErrors.length > 0) return { hasChanges: false, planJsonPath: '', failed: true, message: `${configErrors.length} error(s) in ${configFile}` };
  const { config } = validation;
  const report = await statusReport({
    config,
    target: inputs.target,
    optionName: TARGET_INPUT,
    open: async () => {
      const cwd = context.workspace;
      const git: CommitLists = {
        resolve: async (ref) => (await commitOf(cwd, ref)) ?? fetchCommit(cwd, ref),
        at: async (sha) => {
          const v = await deps.validateAtRef(sha, inputs.dir);
          return { config: v.config, lists: v.lists, errorCount: v.errorCount, targetLists: v.targetLists };
        },
      };
      const head = await commitOf(cwd, 'HEAD');
      if (!head) throw new ConfigError('mode status needs a git checkout: no HEAD commit in the workspace', { hint: 'run actions/checkout before kwsync' });
      const connect: StatusDeps['connect'] = (t) => {
        if (deps.connectKeyed) return deps.connectKeyed(t, config.service);
        if (!deps.connect) throw new ConfigError('set COMETCHAT_API_KEY');
        return deps.connect(t, config.service);
      };
      // What the rules blocked, when the folder manages rules (keywords/rules/), as `kwsync status` does.
      const clientKeyed = deps.clientKeyed;
      const rules: Pick<StatusDeps, 'rulesClient'> = clientKeyed && validation.rulesManaged ? { rulesClient: (t) => clientKeyed(t, config.service) } : {};
      const now = deps.now();
      return {
        // Predictions from the apply job's record only: the Action never reads a machine's .git/kwsync/.
        deps: { reader: deps.deploymentReader, git, connect, now: () => now, ...rules, predictions: async (_t, applied) => deploymentPredictions(applied) ?? { from: 'the deployment record of the last apply', records: [] } },
        ref: { name: 'HEAD', sha: head, folder: await git.at(head), source: 'ref' },
        repository: `${context.owner}/${context.repo}`,
      };
    },
  });
  const now = new Date(report.generatedAt);
  // The job summary of a public repository is public: unmanaged lists counted, not named.
  if (!(await readersTrusted(deps.octokit, { owner: context.owner, repo: context.repo }))) {
    const ruleFiles = new Set((validation.rules ?? []).map((r) => r.id));
    const listFiles = new Set(validation.lists.map((l) => l.id));
    for (const t of report.targets) {
      if (t.rules) t.rules = withoutUnfiledRules(t.rules, ruleFiles, listFiles);
      if (t.drift.unmanaged.length === 0) continue;
      t.drift = { ...t.drift, notes: [...t.drift.notes, withheldNamesNote(t.drift.unmanaged.length)], unmanaged: [] };
    }
  }
  await deps.writeSummary(renderStatusMarkdown(report, { now }));
  for (const t of report.targets) deps.log.info(`${t.target}: applied ${t.applied.shortSha ?? 'none'}; drift ${driftCell(t.drift)}; ahead ${aheadCell(t.ahead)}`);
  const unread = report.targets.filter(targetUnread).map((t) => t.target);
  return {
    hasChanges: !report.targets.every(targetInSync),
    planJsonPath: '',
    failed: unread.length > 0,
    ...(unread.length > 0 ? { message: `status: ${unread.join(', ')} could not be read (see the job summary)` } : {}),
  };
}
