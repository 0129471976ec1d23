// The plan is plain data (STYLE 4): JSON-serialisable, in a fixed order (by list id), and every
// renderer is a pure function of it. Saved plans (`kwsync plan --out`) are this object plus a
// checksum; `PLAN_FORMAT_VERSION` changes only with a breaking change of this shape.
import type { Category, KeywordList } from './keyword-list.js';
import type { RuleLines, RuleWrite } from './moderation-rule.js';

export const PLAN_FORMAT_VERSION = 1;

export type ChangeKind = 'create' | 'update' | 'delete' | 'noop';

export interface FieldChange {
  field: 'name' | 'description' | 'category';
  before: string;
  after: string;
}

export interface ListChange {
  kind: ChangeKind;
  /** The list id. */
  id: string;
  /** The live list (without service bookkeeping), or null for a create. */
  before: KeywordList | null;
  /** The desired list, or null for a delete. */
  after: KeywordList | null;
  /** Terms in after but not before, in desired order (set semantics: order and repeats are no change). */
  added: string[];
  /** Terms in before but not after, in live order. */
  removed: string[];
  fieldChanges: FieldChange[];
  /** The live revisionId this change was planned against; null for a create. */
  revisionId: string | null;
  /** The list file the desired list came from (null for a delete). */
  file: string | null;
  /** Why this change needs --force (share of terms removed, list deletion), if it does. */
  unsafe: string | null;
  /** A delete: the live rules that reference the list and still would after this plan (it needs --force). */
  usedBy?: string[];
}

/** One field of a rule that changes, as text (`action: [blockMessage] -> [dropMessage]`). */
export interface RuleFieldChange {
  field: 'name' | 'description' | 'enabled' | 'action' | 'filters';
  before: string;
  after: string;
}

/** One moderation rule of the plan (keywords/rules/*.yaml against the live custom rules). */
export interface RuleChange {
  kind: ChangeKind;
  id: string;
  /** The live rule as kwsync compares it, or null for a create. */
  before: RuleWrite | null;
  /** What is sent (list conditions resolved to the published form), or null for a delete. */
  after: RuleWrite | null;
  fieldChanges: RuleFieldChange[];
  /** Conditions in after but not before, as text (`list scam-words (word)`). */
  conditionsAdded: string[];
  conditionsRemoved: string[];
  /** The keyword lists the rule references after the plan (before, for a delete). */
  lists: string[];
  revisionId: string | null;
  file: string | null;
  /** Why this change needs --force (a rule deleted), if it does. */
  unsafe: string | null;
  /** What the change stops the rule doing (a rule disabled, its action changed, a list dropped): CAUTION lines. */
  cautions: string[];
  /** Where the rule file writes its parts: a refusal by the service is named at the condition's (or field's) line. */
  lines?: RuleLines;
}

/** A live rule the plan leaves alone (a default rule, or a custom rule with no file and prune off). */
export interface LiveRuleSummary {
  id: string;
  name: string;
  enabled: boolean;
  action: string[];
  lists: string[];
}

/** The rules half of a plan: present when kwsync read the app's rules. */
export interface RulesPlan {
  /** The folder has keywords/rules/: custom rules are planned, written and pruned. Otherwise only read. */
  managed: boolean;
  /** One entry per rule file or deleted rule, sorted by id; noops included. */
  changes: RuleChange[];
  /** Live custom rules with no file, left alone (prune off, or rules not managed). */
  unmanaged: LiveRuleSummary[];
  /** The app's default rules: read, never written or deleted. */
  defaults: LiveRuleSummary[];
  /** Per list of the target: the enabled rules that use it once the plan is applied, with their action. */
  listUsers: Record<string, { rule: string; action: string[] }[]>;
  /** Lists of the target that no enabled rule uses once the plan is applied: they catch nothing live. */
  unusedLists: string[];
  /** The rules listing may be cut short (why): rules past it were not seen, and prune of rules refuses. */
  incomplete?: string;
}

export interface UnmanagedList {
  id: string;
  name: string;
  category: Category;
  revisionId: string;
  terms: number;
}

export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  /** Target name (kwsync.yaml) or app id. */
  target: string;
  /** 'live': planned against the service; 'offline': against another set of files (fork PRs). */
  mode: 'live' | 'offline';
  /** ISO time the plan was made. */
  createdAt: string;
  prune: boolean;
  /** One entry per desired or deleted list, sorted by id; noops included. */
  changes: ListChange[];
  /** Live non-default lists with no file, left alone because prune is off. */
  unmanaged: UnmanagedList[];
  /** Ids of the service's default lists, which kwsync never touches. */
  defaults: string[];
  /** What the reader should know about how live was read (e.g. a listing that may be cut short). */
  notes?: string[];
  /** Lists with a file whose live list could not be read: not planned; apply reports each as failed. */
  unreadable?: UnreadableList[];
  /**
   * The live listing may be cut short (`listed` items were read, every page that could be followed):
   * live lists with no file past it could not be checked, so the plan never calls the app clean and
   * apply refuses it with prune. `reason`: why the read stopped there.
   */
  truncatedListing?: { listed: number; reason?: string };
  /** The app's list limit counted against the live lists read (a live plan that was given the limit). */
  listLimit?: ListLimit;
  /** `--list ID`: the run was limited to these list ids (the rest of the target was not planned). */
  listFilter?: string[];
  /** The moderation rules: present when the app's rules were read (keywords/rules/ exists, or a list is deleted). */
  rules?: RulesPlan;
}

/** The app's custom-list limit with the live lists the plan read: live (default lists not counted) + created - deleted. */
export interface ListLimit {
  max: number;
  /** Where the limit comes from: the published limit, or kwsync.yaml limits.maxLists. */
  source: string;
  live: number;
  created: number;
  deleted: number;
  /** Lists the app holds after apply. */
  after: number;
  /** More than `max`: the service refuses the create past the limit, so apply refuses the whole plan before any write. */
  over: boolean;
  /** The listing may be cut short: `live` is at least this many. */
  atLeast?: boolean;
}

/** A managed list (it has a file) whose live list could not be read. */
export interface UnreadableList {
  id: string;
  file: string | null;
  /** What could not be read, located by field (`searchTerms: ...`). */
  problems: string[];
}

/** What `kwsync plan --out` writes: the plan and a checksum over it, so an altered plan is refused. */
export interface SavedPlan {
  plan: Plan;
  /** `sha256:` + hex of the canonical JSON of `plan`. */
  checksum: string;
}

/**
 * applied: written and verified; unchanged: already as planned; skipped: not written (moved live,
 * default list, needs --force, interrupted); failed: the write failed; conflict: another writer
 * wrote the list during this apply (a change may be lost; also a list planned unchanged that another
 * writer deleted or edited during it); overwritten: written, but by the end of the run the list no
 * longer held what this run sent (a later writer replaced it); unconfirmed: the final re-read could
 * not tell where the list ended (it failed), so the run cannot say it is as planned; left: a live
 * list with no file that a run with prune found in its final listing (its plan's read did not show
 * it, or another writer created it during the run), so the app does not end as the files say.
 */
export type ListOutcome = 'applied' | 'unchanged' | 'skipped' | 'failed' | 'conflict' | 'overwritten' | 'unconfirmed' | 'left';

export interface ListResult {
  id: string;
  kind: ChangeKind;
  outcome: ListOutcome;
  /** The revision after the write (applied), or the live revision found (skipped/failed). */
  revisionId: string | null;
  /** For skipped/failed/conflict/overwritten: why, in one sentence that says what to do; for applied, a note (e.g. a lost response). */
  message: string | null;
  /** Verification warnings after a write (e.g. revision rose by more than one). */
  warnings: string[];
}

export interface ApplyReport {
  target: string;
  startedAt: string;
  finishedAt: string;
  results: ListResult[];
  /**
   * A run with prune whose final listing could not be read whole (it failed, or stayed incomplete
   * after a read from the start): why, and that lists with no file may be left. The run exits 1.
   */
  finalListing?: string;
  /** One per rule change of the plan (same outcomes as lists), when the plan has rules. */
  rules?: ListResult[];
}

export function planHasChanges(plan: Plan): boolean {
  return plan.changes.some((c) => c.kind !== 'noop') || (plan.rules?.changes ?? []).some((c) => c.kind !== 'noop');
}
