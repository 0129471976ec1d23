// What the apply predicts (issue 39 item 8): with preview groups in kwsync.yaml, the apply job runs
// the impact preview of its plan (src/action/impact-preview.ts, bounded, counts only) just before it
// writes, and its deployment record keeps per changed list the messages the live list caught and the
// applied one would catch, so `status` can show them beside what the rules then blocked. A preview
// that fails or stops early is not recorded (its counts would not be the whole sample); the apply
// goes on either way.
import type { AppliedPrediction } from '../github/deployment-record.js';
import { MAX_PREDICTED_LISTS } from '../github/deployment-record.js';
import { planHasChanges, type Plan } from '../model/plan.js';
import type { ActionRun } from './deps.js';
import { previewImpact } from './impact-preview.js';
import type { Prepared } from './setup.js';

export async function applyPrediction({ deps }: ActionRun, prepared: Prepared, plan: Plan): Promise<AppliedPrediction | undefined> {
  const { preview, service } = prepared.validation.config;
  if (preview.groups.length === 0 || !deps.recentMessages || !planHasChanges(plan)) return undefined;
  const at = deps.now().toISOString();
  try {
    const result = await previewImpact(plan, preview.groups, preview.messages, deps.recentMessages(prepared.targetConfig, service));
    if (result.stopped) {
      deps.log.warning(`the impact preview of this apply stopped early, so its prediction is not recorded: ${result.stopped.message}`);
      return undefined;
    }
    // Sentence lists are not previewed here (no model is loaded in the apply job): they have no count.
    const lists: AppliedPrediction['lists'] = {};
    for (const l of result.lists.filter((x) => x.previewable).slice(0, MAX_PREDICTED_LISTS)) lists[l.id] = { before: l.before, after: l.after };
    return { at, sample: result.messagesScanned, lists };
  } catch (err) {
    deps.log.warning(`the impact preview of this apply could not run, so its prediction is not recorded: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}
