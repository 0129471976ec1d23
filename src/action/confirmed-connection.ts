// Whether a target's key may go where the default branch's kwsync.yaml now points it (red team 2,
// R2-M7, R2-M7b, R2-M7d). A merge that re-points a target (appId, region, baseUrl, apiKeyEnv,
// environment) is held by the push's apply for a maintainer; every job holding the key (each later
// push's apply, the scheduled drift, stage two of any later pull request) asks this before it connects.
// Confirmed: the commit of the target's last genuine apply record (a push's, or a maintainer's Run
// workflow on the default branch: deployment-provenance.ts `byHand`) connected it the same way; or,
// with no record, the target connected this way in every state of kwsync.yaml's history it appears
// in (its first connection, never changed: a new adopter's). Anything that cannot be read refuses.
import type { KwsyncConfig, TargetConfig } from '../model/config.js';
import { mdCode } from '../render/markdown-escape.js';
import { CONFIG_FILES } from '../load/config-files.js';
import { configAt, configHistory, type ConfigState } from '../status/config-history.js';
import { commitOf, fetchCommit } from '../status/git-lists.js';
import type { Applied } from '../status/status-schema.js';
import type { DeploymentReader } from '../github/deployment-record.js';
import { readLastApplied } from '../status/last-applied.js';
import { connectionChanges, connectionDiffers, reconnectedTargets } from './guard.js';

export type Confirmation = { confirmed: true; how: string } | { confirmed: false; why: string };

/** Where the checkout is, which folder holds kwsync.yaml, and the settings the job would connect with. */
export interface ConnectionQuestion {
  workspace: string;
  dir: string;
  config: KwsyncConfig;
  target: TargetConfig;
}

/** The decision, reading the target's last genuine apply record itself (a maintainer's Run workflow counts). Never throws. */
export async function confirmTarget(q: ConnectionQuestion, reader: DeploymentReader): Promise<Confirmation> {
  return confirmConnection(q, await readLastApplied(reader, { name: q.target.name, environment: q.target.environment }, { byHand: true }));
}

/** The decision, from the target's last genuine apply record (`applied`) or else kwsync.yaml's history. Never throws. */
export async function confirmConnection(q: ConnectionQuestion, applied: Applied): Promise<Confirmation> {
  const name = q.target.name;
  const paths = CONFIG_FILES.map((f) => `${q.dir}/${f}`);
  try {
    if (applied.found && applied.sha) {
      const short = applied.sha.slice(0, 7);
      const sha = (await commitOf(q.workspace, applied.sha)) ?? (await fetchCommit(q.workspace, applied.sha));
      if (!sha) return { confirmed: false, why: `its last recorded apply (${short}) is not in this checkout and could not be fetched, so whether it still connects there is unknown` };
      const then = await configAt(q.workspace, paths, sha);
      if (then === null || then === 'absent') return { confirmed: false, why: `kwsync.yaml at its last recorded apply (${short}) ${then === null ? 'does not parse' : 'is absent'}, so whether it still connects there is unknown` };
      if (!reconnectedTargets(then, q.config).includes(name)) return { confirmed: true, how: `as at its last recorded apply (${short})` };
      return { confirmed: false, why: `it connects differently from its last recorded apply (${changesOf(then, q.config, name)})` };
    }
    // No genuine record (or none readable): the key may go only to the target's one and only connection.
    const history = await configHistory(q.workspace, q.dir);
    const none = applied.error ? `its apply records cannot be read (${applied.reason ?? 'unknown'})` : 'it has no genuine apply record';
    if ('unreadable' in history) return { confirmed: false, why: `${none}, and the history of kwsync.yaml cannot be read to tell whether its connection ever changed: ${history.unreadable}` };
    const change = connectionChange(history.states, q.target);
    if (!change) return { confirmed: true, how: 'its first connection in kwsync.yaml\'s history, never changed' };
    const by = change.by ? `changed by ${change.by.slice(0, 7)}` : 'changed in this checkout';
    const fields = changesOf({ ...q.config, targets: [{ ...change.was, name }] }, q.config, name);
    const renamed = change.was.name === name ? '' : `it was target ${change.was.name}${fields ? ', ' : ''}`;
    return { confirmed: false, why: `${none}, and its connection ${by} (${renamed}${fields})` };
  } catch (err) {
    return { confirmed: false, why: `whether its connection changed could not be told: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * The newest state of kwsync.yaml (newest first) in which the target connected differently from
 * `target`, with the commit after it (`by`: the change; undefined when the newest state itself
 * differs, an edit not committed). The target is found by its name, or by its GitHub environment
 * (the key's home: any letter case, the name when unset), so a rename cannot start a new history.
 * Pure.
 */
export function connectionChange(states: readonly ConfigState[], target: TargetConfig): { was: TargetConfig; by: string | undefined } | undefined {
  const env = environmentOf(target);
  let by: string | undefined;
  for (const state of states) {
    if (state.config !== null && state.config !== 'absent') {
      const same = (state.config.targets ?? []).filter((t) => t.name === target.name || environmentOf(t) === env);
      const was = same.find((t) => t.name !== target.name || connectionDiffers(t, target));
      if (was) return { was, by };
    }
    by = state.sha;
  }
  return undefined;
}

function environmentOf(t: TargetConfig): string {
  return (t.environment ?? t.name).toLowerCase();
}

/** `baseUrl (none) → https://x`, the target's changes as the CAUTION names them, without the code marks. */
function changesOf(base: KwsyncConfig, head: KwsyncConfig, name: string): string {
  return connectionChanges(base, head).filter((c) => c.includes(mdCode(name))).map((c) => c.replace(/^target `[^`]*`: /, '')).join('; ').replace(/`/g, '');
}
