// Plan as JSON: the SavedPlan shape ({plan, checksum}), the same bytes `plan --out` writes, so a
// printed plan can be saved by redirecting stdout and still be applied with `apply --plan`.
import type { Plan } from '../model/plan.js';
import { savePlan } from './saved-plan.js';

export function renderPlanJson(plan: Plan): string {
  return `${JSON.stringify(savePlan(plan), null, 2)}\n`;
}
