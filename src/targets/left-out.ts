// Why a target leaves a list out, in the order selection decides it (select.ts): not included,
// then excluded (by id, label or path, naming the entry that matched), then omitted by an override.
// Pure; `kwsync targets` shows it so nobody has to work selection out by hand.
import type { ListSelector, TargetConfig } from '../model/config.js';
import { matchesPath, type SelectableList } from './select.js';

export type LeftOutReason = 'not-included' | 'excluded-by-id' | 'excluded-by-label' | 'excluded-by-path' | 'omitted';

export interface LeftOut {
  id: string;
  path: string;
  reason: LeftOutReason;
  /** The selector entry that decided it (the id, label or glob), when one did. */
  by?: string;
}

/** Why `list` is not among `target`'s lists, or undefined when the target takes it. */
export function leftOutReason(target: TargetConfig, list: SelectableList): LeftOut | undefined {
  const base = { id: list.id, path: list.path };
  if (target.include && !firstMatch(target.include, list)) return { ...base, reason: 'not-included' };
  const excluded = target.exclude ? firstMatch(target.exclude, list) : undefined;
  if (excluded) return { ...base, reason: `excluded-by-${excluded.kind}`, by: excluded.entry };
  if (target.overrides?.[list.id]?.omit === true) return { ...base, reason: 'omitted' };
  return undefined;
}

/** The first selector entry that matches the list (ids, then labels, then paths). */
function firstMatch(selector: ListSelector, list: SelectableList): { kind: 'id' | 'label' | 'path'; entry: string } | undefined {
  const id = (selector.ids ?? []).find((i) => i === list.id);
  if (id !== undefined) return { kind: 'id', entry: id };
  const label = (selector.labels ?? []).find((l) => list.labels.includes(l));
  if (label !== undefined) return { kind: 'label', entry: label };
  const glob = (selector.paths ?? []).find((g) => matchesPath(list.path, g));
  if (glob !== undefined) return { kind: 'path', entry: glob };
  return undefined;
}

/** A reason in words, for the text view. */
export function leftOutText(l: LeftOut): string {
  switch (l.reason) {
    case 'not-included':
      return 'not included (no include entry matches it)';
    case 'excluded-by-id':
      return `excluded by id ${JSON.stringify(l.by)}`;
    case 'excluded-by-label':
      return `excluded by label ${JSON.stringify(l.by)}`;
    case 'excluded-by-path':
      return `excluded by path ${JSON.stringify(l.by)}`;
    case 'omitted':
      return 'omitted (overrides: omit: true)';
  }
}
