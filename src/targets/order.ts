// `after:` between targets: it names another target, never forms a cycle, and a chain is at most
// MAX_WAVES targets long (the apply workflow runs one wave per link; see docs). Names are unique.
import type { TargetConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from '../load/diagnose.js';
import { quote } from '../load/quote-value.js';
import type { ConfigPlaces } from './config-places.js';

/** The apply workflow runs the targets in at most this many waves (first, after, after-after). */
export const MAX_WAVES = 3;

export function checkTargetOrder(targets: readonly Pick<TargetConfig, 'name' | 'after' | 'environment'>[], at: ConfigPlaces): Diagnostic[] {
  const out: Diagnostic[] = [];
  const byName = new Map<string, number>();
  targets.forEach((t, i) => {
    const first = byName.get(t.name);
    if (first === undefined) byName.set(t.name, i);
    else out.push(diagnose(at.value(['targets', i, 'name']), 'error', 'target-duplicate', `target ${t.name}: the name is also used by target number ${first + 1}; target names must be unique`));
  });
  // An environment holds one COMETCHAT_API_KEY and one target's deployment records: two targets in one
  // would read each other's applies (after:, the other-writer check, status) and share a key.
  // GitHub's environment names ignore letter case ("PRODUCTION" is the environment "production"),
  // and so does `==` in its expressions: compared case-insensitively (R2-M10).
  const byEnvironment = new Map<string, string>();
  targets.forEach((t, i) => {
    const environment = t.environment ?? t.name;
    const first = byEnvironment.get(environment.toLowerCase());
    if (first === undefined) byEnvironment.set(environment.toLowerCase(), t.name);
    else if (first !== t.name) {
      const where = t.environment !== undefined ? at.value(['targets', i, 'environment']) : at.value(['targets', i, 'name']);
      out.push(diagnose(where, 'error', 'target-environment-shared', `target ${t.name}: its GitHub environment ${quote(environment)} is also target ${first}'s; each target needs its own environment (its key and its deployment records): set \`environment:\` to another name`));
    }
  });
  targets.forEach((t, i) => {
    if (t.after === undefined) return;
    const where = at.value(['targets', i, 'after']);
    if (!byName.has(t.after)) {
      const known = targets.filter((o) => o.name !== t.name).map((o) => o.name);
      out.push(diagnose(where, 'error', 'target-after-unknown', `target ${t.name}: after names ${quote(t.after)}, which is not a target here${known.length ? ` (targets: ${known.join(', ')})` : ''}; name another target or remove after`));
      return;
    }
    // Walk the chain from this target; a name seen twice is a cycle.
    const chain = [t.name];
    let next: string | undefined = t.after;
    while (next !== undefined && byName.has(next)) {
      if (chain.includes(next)) {
        out.push(diagnose(where, 'error', 'target-after-cycle', `target ${t.name}: after makes a cycle (${[...chain, next].join(' after ')}); no target of a cycle could ever apply: remove one after`));
        return;
      }
      chain.push(next);
      next = targets[byName.get(next)!]!.after;
    }
    if (chain.length > MAX_WAVES) {
      out.push(
        diagnose(
          where,
          'error',
          'target-after-too-deep',
          `target ${t.name}: after makes a chain of ${chain.length} targets (${chain.reverse().join(', then ')}), but the apply workflow runs at most ${MAX_WAVES} waves; let two of them wait for the same target instead`,
        ),
      );
    }
  });
  return out;
}
