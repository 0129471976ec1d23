// Which lists of the folder one kwsync.yaml target takes: `include` (default every list), then
// `exclude`, then `overrides.<id>.omit`. Pure: the lists and the config come in, the chosen lists
// and located diagnostics go out. Overrides and appended terms are resolve-target.ts's.
import { minimatch } from 'minimatch';
import type { ListSelector, TargetConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from '../load/diagnose.js';
import { quote } from '../load/quote-value.js';
import type { ConfigPlaces } from './config-places.js';

/** A list as selection sees it: its id, its labels and its path relative to the keywords folder. */
export interface SelectableList {
  id: string;
  labels: readonly string[];
  /** Relative to the keywords folder, forward slashes (what `paths` globs match). */
  path: string;
}

export interface SelectOptions {
  /** The target's index in `targets:` (to locate its entries). */
  index: number;
  at: ConfigPlaces;
  /** Some list file did not load: an id no list defines may be that file's, so it is not reported. */
  incomplete?: boolean;
}

/** The lists `target` takes, in folder order, and what is wrong with its selectors. */
export function selectLists<T extends SelectableList>(target: TargetConfig, lists: readonly T[], opts: SelectOptions): { chosen: T[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const base = ['targets', opts.index] as const;
  const included = target.include ? matching(target, 'include', target.include, lists, opts, diagnostics) : new Set(lists);
  const excluded = target.exclude ? matching(target, 'exclude', target.exclude, lists, opts, diagnostics) : new Set<T>();
  const omitted = new Set(Object.entries(target.overrides ?? {}).flatMap(([id, o]) => (o.omit ? [id] : [])));
  const chosen = lists.filter((l) => included.has(l) && !excluded.has(l) && !omitted.has(l.id));
  if (chosen.length === 0 && lists.length > 0 && !opts.incomplete) {
    // With prune, an empty target would delete every live list: never a quiet default.
    const where = target.include ? opts.at.value([...base, 'include']) : opts.at.value([...base, 'name']);
    diagnostics.push(diagnose(where, 'error', 'target-empty', `target ${target.name}: takes no list (include, exclude and omit leave nothing); widen include or remove the target`));
  }
  return { chosen, diagnostics };
}

type SelectorKind = 'include' | 'exclude';

/** The lists any entry of the selector matches; an entry that matches nothing is reported where it is written. */
function matching<T extends SelectableList>(target: TargetConfig, kind: SelectorKind, selector: ListSelector, lists: readonly T[], opts: SelectOptions, out: Diagnostic[]): Set<T> {
  const found = new Set<T>();
  const here = (field: string, j: number) => opts.at.value(['targets', opts.index, kind, field, j]);
  const who = `target ${target.name}: ${kind}`;
  (selector.paths ?? []).forEach((glob, j) => {
    const hits = lists.filter((l) => matchesPath(l.path, glob));
    for (const l of hits) found.add(l);
    if (hits.length > 0) return;
    // Globs match the path from the keywords folder: a bare `es-*.yaml` misses `es/es-1.yaml`; say so when that is why.
    const deeper = !glob.includes('/') && lists.some((l) => l.path.includes('/') && matchesPath(l.path.slice(l.path.lastIndexOf('/') + 1), glob));
    const why = deeper ? ` (paths are matched from the keywords folder: write ${quote(`**/${glob}`)} to match it in any folder)` : '';
    out.push(diagnose(here('paths', j), 'warning', 'target-selects-nothing', `${who}: the path ${quote(glob)} matches no list file${why}; fix the glob or remove it`));
  });
  (selector.ids ?? []).forEach((id, j) => {
    const hits = lists.filter((l) => l.id === id);
    for (const l of hits) found.add(l);
    if (hits.length > 0 || opts.incomplete) return;
    // An include of a missing id drops a list the reader meant to send: an error; an exclude of one is harmless.
    const severity = kind === 'include' ? 'error' : 'warning';
    out.push(diagnose(here('ids', j), severity, 'target-unknown-list', `${who} names list ${quote(id)}, which no list file defines; fix the id or remove it`));
  });
  (selector.labels ?? []).forEach((label, j) => {
    const hits = lists.filter((l) => l.labels.includes(label));
    for (const l of hits) found.add(l);
    if (hits.length > 0 || opts.incomplete) return;
    out.push(diagnose(here('labels', j), 'warning', 'target-selects-nothing', `${who}: no list file has the label ${quote(label)}; add \`labels: [${label}]\` to the list files meant, or remove it`));
  });
  return found;
}

/** A glob against a list's path: `*` stays within a folder, `**` crosses them; a leading `./` is ignored. */
export function matchesPath(path: string, glob: string): boolean {
  return minimatch(path, glob.replace(/^\.\//, ''), { dot: false, nocomment: true, nonegate: true });
}
