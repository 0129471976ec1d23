// The one-line summary every plan renderer shares (Terraform-like).
import type { ChangeKind, Plan } from '../model/plan.js';
import { rulesSummaryText } from './rules/render-rules.js';

export type PlanCounts = Record<ChangeKind, number>;

export function countChanges(plan: Plan): PlanCounts {
  const counts: PlanCounts = { create: 0, update: 0, delete: 0, noop: 0 };
  for (const c of plan.changes) counts[c.kind] += 1;
  return counts;
}

export function planSummaryLine(plan: Plan): string {
  const n = countChanges(plan);
  return `Plan: ${n.create} to create, ${n.update} to update, ${n.delete} to delete, ${n.noop} unchanged.${rulesSummaryText(plan)}${uncheckedText(plan)}`;
}

/**
 * What the plan could not check, for the summary line: lists whose live side could not be read,
 * and, when the listing may be cut short, live lists with no file past it. Empty when all was seen.
 */
export function uncheckedText(plan: Pick<Plan, 'unreadable' | 'truncatedListing'>): string {
  const parts: string[] = [];
  const unreadable = plan.unreadable?.length ?? 0;
  if (unreadable > 0) parts.push(` ${unreadable} list${unreadable === 1 ? '' : 's'} could not be read (not planned).`);
  if (plan.truncatedListing) {
    parts.push(` Not checked: live lists with no file past the ${plan.truncatedListing.listed} the service listed (its listing may be cut short).`);
  }
  return parts.join('');
}

/** The sentence a plan with no change opens with: "match" only for what the plan could see. */
export function noChangesText(plan: Plan): string {
  if (plan.unreadable && plan.unreadable.length > 0) return 'No changes planned, but some lists could not be read (below): they were not compared.';
  if (plan.truncatedListing) return 'No changes to the lists with a file; live lists the listing did not show (it may be cut short) were not checked.';
  if (plan.rules?.changes.some((c) => c.kind !== 'noop')) return 'No list changes: the live lists match the files (the rules change, below).';
  return plan.rules?.managed ? 'No changes: the live lists and rules match the files.' : 'No changes: the live lists match the files.';
}

/** `a, b, c and 17 more`: default lists are many (a dozen "Prompt" lists) and never change. */
export function defaultsText(ids: readonly string[], show = 5, quote: (s: string) => string = (s) => s): string {
  const shown = ids.slice(0, show).map(quote).join(', ');
  return ids.length > show ? `${shown} and ${ids.length - show} more` : shown;
}

/** Where a plan or apply runs: the app, its region and the host spoken to. Never the key. */
export interface ServiceEndpoint {
  appId: string | null;
  region: string;
  host: string;
  /** The full Chat API base the command talks to: with several apps on one host, only the path tells them apart. */
  baseUrl?: string;
  /** Environment variables that won over the target's kwsync.yaml settings (only with --env-wins). */
  envWins?: string[];
}

/** `app abc123, region eu, https://abc123.api-eu.cometchat.io/v3`: under the header, so a wrong app shows at once. */
export function endpointLine(e: ServiceEndpoint): string {
  const wins = e.envWins && e.envWins.length > 0 ? ` (from ${e.envWins.join(', ')}, not kwsync.yaml)` : '';
  return `app ${e.appId ?? '(none set)'}, region ${e.region}, ${e.baseUrl ?? `host ${e.host}`}${wins}`;
}
