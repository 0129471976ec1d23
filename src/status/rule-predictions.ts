// Per rule, what the preview predicted for its lists (issue 39 item 8), beside what it blocked:
// pure. A prediction is the newest record, at or before the apply the blocked messages are counted
// from, that covers the list (a preview counts only the lists it changed). Records come from
// `kwsync preview` on this machine (local-previews.ts) or from the apply job's deployment record.
import type { RuleActivity } from './rule-activity.js';
import type { Applied } from './status-schema.js';

export interface PredictionRecord {
  /** HEAD when the preview ran, or null. */
  commit: string | null;
  /** When it ran (ISO 8601). */
  at: string;
  sample: number;
  lists: Readonly<Record<string, { before: number; after: number }>>;
}

export interface Predictions {
  /** Where they were read from, as status says it. */
  from: string;
  /** Newest first. */
  records: readonly PredictionRecord[];
  /** The records are the apply's own prediction (its deployment record): no cutoff by time (runner and GitHub clocks differ). */
  ofApply?: boolean;
}

/** The activity with each rule's `predicted` (and `predictedFrom`) filled in; records after `cutoff` (the apply) are not predictions of it. */
export function withPredictions(activity: RuleActivity, predictions: Predictions, cutoff: string | undefined): RuleActivity {
  const limit = cutoff === undefined || predictions.ofApply ? Infinity : Date.parse(cutoff);
  const usable = predictions.records.filter((r) => !(Date.parse(r.at) > limit));
  const newestFor = (list: string) => usable.find((r) => Object.hasOwn(r.lists, list));
  return {
    ...activity,
    predictedFrom: predictions.from,
    rules: activity.rules.map((rule) => ({
      ...rule,
      predicted: rule.lists.flatMap((list) => {
        const r = newestFor(list);
        if (!r) return [];
        const c = r.lists[list]!;
        return [{ list, before: c.before, after: c.after, sample: r.sample, commit: r.commit, at: r.at }];
      }),
    })),
  };
}

/** The prediction the last applied deployment record carries (the apply job's impact preview), if any. */
export function deploymentPredictions(applied: Applied): Predictions | undefined {
  if (!applied.found || !applied.predicted || !applied.sha) return undefined;
  const p = applied.predicted;
  return { from: `the impact preview of the apply of ${applied.sha.slice(0, 7)} (its deployment record)`, ofApply: true, records: [{ commit: applied.sha, at: p.at, sample: p.sample, lists: p.lists }] };
}

/** The newer of two ISO times (either may be absent). */
export function latestOf(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
