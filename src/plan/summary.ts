// The one-line summary every plan renderer shares (Terraform-like).
import type { ChangeKind, Plan } from '../model/plan.js';

export type PlanCounts = Record<ChangeKind, number>;

export function countChanges(plan: Plan): PlanCounts {
  const counts: PlanCounts = { create: 0, update: 0, delete: 0, noop: 0 };
  for (const c of plan.changes) counts[c.kind] += 1;
  return counts;
}

export function planSummaryLine(plan: Plan): string {
  const n = countChanges(plan);
  return `Plan: ${n.create} to create, ${n.update} to update, ${n.delete} to delete, ${n.noop} unchanged.`;
}

/** Where a plan or apply runs: the app, its region and the host spoken to. Never the key. */
export interface ServiceEndpoint {
  appId: string | null;
  region: string;
  host: string;
}

/** `app abc123, region eu, host abc123.api-eu.cometchat.io`: under the header, so a wrong app shows at once. */
export function endpointLine(e: ServiceEndpoint): string {
  return `app ${e.appId ?? '(none set)'}, region ${e.region}, host ${e.host}`;
}
