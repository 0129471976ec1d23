// Public surface of the plan module: compute, render, save/read, safety.
export { computePlan, type PlanOptions } from './compute-plan.js';
export { readLiveLists, liveNotes, liveContext, type LiveLists, type ReadLiveOptions } from './read-live.js';
export { renderPlanText } from './render-text.js';
export { renderPlanMarkdown, type MarkdownOptions } from './render-markdown.js';
export { renderPlanJson } from './render-json.js';
export { savePlan, readSavedPlan, planChecksum, canonicalJson } from './saved-plan.js';
export { unsafeReasons } from './safety.js';
export { countChanges, planSummaryLine, type PlanCounts } from './summary.js';
export { sameContent, sameTermSet, termsMissing, listContent } from './term-sets.js';
export { planHasChanges } from '../model/plan.js';
