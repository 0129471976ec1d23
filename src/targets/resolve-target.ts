// Every kwsync.yaml target's lists, resolved: selection (include, exclude, omit; select.ts), then
// `overrides` (a name, a description, terms appended from other files) applied to copies, so a
// target changes a list without copying its file. Appended terms are checked like a list's own
// terms, located in their file; what crosses files (a list over the upload limit once terms are
// appended) is located at the override in kwsync.yaml and names the target.
import { posix, relative as relativePath, sep } from 'node:path';
import type { KwsyncConfig, ListOverride, TargetConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from '../load/diagnose.js';
import { quote } from '../load/quote-value.js';
import type { Position } from '../load/source-text.js';
import type { TermsSource } from '../load/terms-source.js';
import { uploadBytes } from '../model/terms-encoding.js';
import { withoutAccepted } from '../validate/rules/accept.js';
import { length } from '../validate/rules/list-fields.js';
import { checkPatterns } from '../validate/rules/patterns.js';
import { loadBacktrackingAnalysis } from '../validate/rules/pattern-backtracking.js';
import type { PlacedList } from '../validate/rules/repo.js';
import { checkTerms } from '../validate/rules/terms.js';
import { overBudget, tooSlow, type ValidationBudget } from '../validate/work-budget.js';
import { appendedTermsLoader, forTarget, mergeTargetFindings, type AppendedTerms } from './append-terms.js';
import type { ConfigPlaces } from './config-places.js';
import { leftOutReason, type LeftOut } from './left-out.js';
import { checkTargetOrder } from './order.js';
import { checkTargetBaseUrls } from './base-url.js';
import { selectLists, type SelectableList } from './select.js';

export interface ResolvedTarget {
  name: string;
  /** The lists this target sends, in folder order, overrides applied. */
  lists: PlacedList[];
  /** Whether the target narrows the folder (then each target's list count is its own). */
  selective: boolean;
  /** The folder's lists this target does not take, each with why (for `kwsync targets`). */
  leftOut: LeftOut[];
}

export interface TargetsResolution {
  targets: ResolvedTarget[];
  diagnostics: Diagnostic[];
  /** Absolute paths of the appended terms files (a CSV used here is not an orphan). */
  usedFiles: string[];
}

export interface ResolveOptions {
  config: KwsyncConfig;
  at: ConfigPlaces;
  /** The folder's lists that loaded, in folder order. */
  lists: readonly PlacedList[];
  keywordsDir: string;
  /** Path relative to the working directory, forward slashes. */
  relative(abs: string): string;
  budget?: ValidationBudget;
  /** Some list file did not load: ids it may define are not reported as unknown. */
  incomplete?: boolean;
}

/** Whether a target takes less than the whole folder (include, exclude or omit). */
export function isSelective(t: TargetConfig): boolean {
  return t.include !== undefined || t.exclude !== undefined || Object.values(t.overrides ?? {}).some((o) => o.omit === true);
}

export async function resolveTargets(opts: ResolveOptions): Promise<TargetsResolution> {
  const targets = opts.config.targets ?? [];
  const diagnostics: Diagnostic[] = [...checkTargetOrder(targets, opts.at), ...checkTargetBaseUrls(targets, opts.at)];
  const load = appendedTermsLoader({ keywordsDir: opts.keywordsDir, limits: opts.config.limits, relative: opts.relative });
  const keywordsRel = opts.relative(opts.keywordsDir);
  const selectable = opts.lists.map((placed) => ({
    id: placed.list.id,
    labels: placed.labels ?? [],
    path: posix.normalize(relativePath(keywordsRel, placed.list.source.file).split(sep).join('/')),
    placed,
  }));
  const resolved: ResolvedTarget[] = [];
  const used = new Set<string>();
  for (const [index, target] of targets.entries()) {
    // A pull request's kwsync.yaml is untrusted: many targets appending big files end as a finding, not a burnt timeout.
    const over = opts.budget ? overBudget(opts.budget) : null;
    if (over) {
      diagnostics.push(tooSlow(opts.at.value(['targets', index, 'name']), opts.budget!, over, `target ${target.name} and the targets after it were not resolved`));
      // Still named (with no list), so the run says why rather than "not defined".
      for (const rest of targets.slice(index)) resolved.push({ name: rest.name, lists: [], selective: false, leftOut: [] });
      break;
    }
    const { chosen, diagnostics: selection } = selectLists(target, selectable, { index, at: opts.at, ...(opts.incomplete ? { incomplete: true } : {}) });
    diagnostics.push(...selection);
    const lists: PlacedList[] = [];
    for (const c of chosen) {
      const override = target.overrides?.[c.id];
      if (!override) {
        lists.push(c.placed);
        continue;
      }
      const applied = await applyOverride(c.placed, override, { target, index, opts, load, used });
      diagnostics.push(...applied.diagnostics);
      lists.push(applied.placed);
    }
    diagnostics.push(...overrideProblems(target, index, selectable, new Set(chosen.map((c) => c.id)), opts));
    const taken = new Set(chosen);
    const leftOut = selectable.filter((s) => !taken.has(s)).map((s) => leftOutReason(target, s) ?? { id: s.id, path: s.path, reason: 'not-included' as const });
    resolved.push({ name: target.name, lists, selective: isSelective(target), leftOut });
  }
  return { targets: resolved, diagnostics: mergeTargetFindings(unique(diagnostics)), usedFiles: [...used] };
}

/** Overrides that name no list, or a list this target does not take, and omit beside other fields. */
function overrideProblems(target: TargetConfig, index: number, lists: readonly SelectableList[], chosen: ReadonlySet<string>, opts: ResolveOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  const ids = new Set(lists.map((l) => l.id));
  for (const [id, o] of Object.entries(target.overrides ?? {})) {
    const at = opts.at.key(['targets', index, 'overrides'], id);
    if (!ids.has(id)) {
      if (!opts.incomplete) out.push(diagnose(at, 'error', 'target-unknown-list', `target ${target.name}: overrides names list ${quote(id)}, which no list file defines; fix the id or remove the override`));
      continue;
    }
    if (o.omit) {
      const others = Object.keys(o).filter((k) => k !== 'omit');
      if (others.length > 0) out.push(diagnose(at, 'warning', 'target-override-ignored', `target ${target.name}: list ${quote(id)} is omitted, so ${others.join(' and ')} of its override do nothing; remove them or omit`));
      continue;
    }
    if (!chosen.has(id)) {
      out.push(diagnose(at, 'warning', 'target-override-ignored', `target ${target.name}: overrides list ${quote(id)}, which this target does not take (include and exclude leave it out); take the list or remove the override`));
    }
  }
  return out;
}

interface OverrideContext {
  target: TargetConfig;
  index: number;
  opts: ResolveOptions;
  load: (ref: string, at: Position) => Promise<AppendedTerms>;
  used: Set<string>;
}

/** A copy of the list with the override applied, and what is wrong with the override. */
async function applyOverride(placed: PlacedList, override: ListOverride, ctx: OverrideContext): Promise<{ placed: PlacedList; diagnostics: Diagnostic[] }> {
  const { target, index, opts } = ctx;
  const { limits, service } = opts.config;
  const path = ['targets', index, 'overrides', placed.list.id] as const;
  const out: Diagnostic[] = [];
  const who = `target ${target.name}: list ${quote(placed.list.id)}`;
  if (override.name !== undefined) {
    const at = opts.at.value([...path, 'name']);
    if (override.name.trim() === '') out.push(diagnose(at, 'error', 'name-empty', `${who}: the name override is blank; give a display name or remove it`));
    else if (length(override.name) > limits.maxNameLength) out.push(diagnose(at, 'error', 'name-too-long', `${who}: the name override has ${length(override.name)} characters; shorten it to at most ${limits.maxNameLength}`));
  }
  if (override.description !== undefined && length(override.description) > limits.maxDescriptionLength) {
    out.push(diagnose(opts.at.value([...path, 'description']), 'error', 'description-too-long', `${who}: the description override has ${length(override.description)} characters; shorten it to at most ${limits.maxDescriptionLength}`));
  }
  const refs = override.appendTermsFrom === undefined ? [] : typeof override.appendTermsFrom === 'string' ? [override.appendTermsFrom] : override.appendTermsFrom;
  const terms = [...placed.list.searchTerms];
  // Exact copies across files would be uploaded twice (the service refuses or doubles them): as inside one list, an error.
  const seen = new Map<string, { from: TermsSource | undefined; i: number }>(placed.list.searchTerms.map((t, i) => [t, { from: placed.terms, i }]));
  for (const [j, ref] of refs.entries()) {
    const at = opts.at.value(typeof override.appendTermsFrom === 'string' ? [...path, 'appendTermsFrom'] : [...path, 'appendTermsFrom', j]);
    const appended = await ctx.load(ref, at);
    if (appended.abs) ctx.used.add(appended.abs);
    out.push(...forTarget(appended.diagnostics, target.name, placed.list.id));
    if (!appended.terms) continue;
    if (placed.list.category === 'pattern') await loadBacktrackingAnalysis();
    out.push(...forTarget(withoutAccepted(checkAppended(appended.terms, placed, at, ctx), placed.accepted ?? new Set()), target.name, placed.list.id));
    appended.terms.values.forEach((t, i) => {
      const first = seen.get(t);
      if (first !== undefined) {
        out.push(diagnose(appended.terms!.locate(i), 'error', 'duplicate-term', `${quote(t)} is already in list ${quote(placed.list.id)} (${placeOf(first.from, first.i)}), to which ${target.name} appends this file; remove this copy`));
        return;
      }
      seen.set(t, { from: appended.terms!, i });
      terms.push(t);
    });
  }
  if (refs.length > 0) {
    const { bytes } = uploadBytes(terms, service, placed.list.category);
    if (bytes > limits.maxUploadBytes) {
      out.push(diagnose(opts.at.value([...path, 'appendTermsFrom']), 'error', 'list-too-large', `${who}: with the appended terms the list takes ${bytes} bytes, over the ${limits.maxUploadBytes}-byte limit; append fewer terms or split the list`));
    }
  }
  const list = {
    ...placed.list,
    ...(override.name !== undefined ? { name: override.name } : {}),
    ...(override.description !== undefined ? { description: override.description } : {}),
    searchTerms: terms,
  };
  return { placed: { ...placed, list }, diagnostics: out };
}

/** The list's own term rules on an appended file (its emptiness said in its own words). */
function checkAppended(terms: TermsSource, placed: PlacedList, at: Position, { target, opts }: OverrideContext): Diagnostic[] {
  const category = placed.list.category;
  const checked = checkTerms(terms, opts.config.limits, at, category);
  const out = checked.diagnostics.filter((d) => d.rule !== 'list-empty');
  if (terms.values.length === 0) out.push(diagnose(at, 'warning', 'append-terms-empty', `target ${target.name}: ${terms.file} holds no terms, so nothing is appended to ${quote(placed.list.id)}; add terms or remove it`));
  if (category === 'pattern') out.push(...checkPatterns(terms, checked.broken, opts.budget).diagnostics);
  return out;
}

function placeOf(terms: TermsSource | undefined, i: number): string {
  if (!terms) return 'its own terms';
  const p = terms.locate(i);
  return `${p.file}:${p.line}`;
}

/** One file appended by several targets is checked once per target: say each finding once. */
function unique(diags: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diags.filter((d) => {
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.rule}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
