// Public surface of the apply module.
export { applyPlan, applyFailed, applyRetryPolicy, assertSafe, NOT_STARTED, unfinished, type ApplyOptions } from './apply-plan.js';
export { applyChange } from './apply-change.js';
export { staleReasons, assertFresh } from './stale-plan.js';
export { contentMismatches, orderWarning, revisionConflict, revisionWarning } from './verify.js';
export {
  renderApplyReportText,
  renderApplyReportMarkdown,
  renderApplyReportJson,
  applySummaryLine,
  countOutcomes,
} from './render-report.js';
