// Rules across files: list ids unique in the folder, a target holds at most `maxLists` lists (each
// target's own set when kwsync.yaml targets select lists), and each list's upload stays within
// `maxUploadBytes`. With a git base, the first two point at the
// files this change added or edited (where the reader acts), not at an unchanged file.
import type { KwsyncConfig } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { DesiredList } from '../../model/keyword-list.js';
import { diagnose } from '../../load/diagnose.js';
import { quote } from '../../load/quote-value.js';
import type { Position } from '../../load/source-text.js';
import type { TermsSource } from '../../load/terms-source.js';
import { uploadBytes } from '../../model/terms-encoding.js';

export interface PlacedList {
  list: DesiredList;
  idAt: Position;
  termsAt: Position;
  /** The list file's `labels:` (what kwsync.yaml targets select by; never sent). */
  labels?: readonly string[];
  /** Rules the list accepts with a reason (`accept:`). */
  accepted?: ReadonlySet<string>;
  /** The terms with their places, for rules across lists (look-alike terms). */
  terms?: TermsSource;
}

/**
 * Without a base, which lists are newest: `rank(file)` orders newest first by git history (0: not
 * committed yet); null outside git, where the last by name is blamed and the message says so.
 */
export interface Newest {
  rank?: ((file: string) => number) | null;
  /** With a base: whether the file is new since it (the lists that pushed the count over). */
  added?: (file: string) => boolean;
}

/** A kwsync.yaml target's resolved lists (src/targets), counted on their own. */
export interface TargetSet {
  name: string;
  lists: readonly PlacedList[];
}

/**
 * `changed(file)`: whether the file was added or edited against the git base; absent when no base
 * is known. `targetSets`: when targets select lists, the count applies to each target's set.
 */
export function checkRepo(lists: readonly PlacedList[], config: KwsyncConfig, changed?: (file: string) => boolean, newest?: Newest, targetSets?: readonly TargetSet[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const isChanged = (p: PlacedList) => changed !== undefined && (changed(p.list.source.file) || (p.list.source.termsFile !== undefined && changed(p.list.source.termsFile)));
  const firstById = new Map<string, PlacedList>();
  for (const placed of lists) {
    const first = firstById.get(placed.list.id);
    if (!first) {
      firstById.set(placed.list.id, placed);
      continue;
    }
    // Report on the copy this change made; the untouched file is not where anyone should act.
    const [here, other] = isChanged(first) && !isChanged(placed) ? [first, placed] : [placed, first];
    out.push(diagnose(here.idAt, 'error', 'duplicate-id', `id ${quote(here.list.id)} is also used by ${other.list.source.file}:${other.idAt.line}; ids must be unique, rename one`));
  }
  const { maxLists, maxUploadBytes } = config.limits;
  if (targetSets) {
    // Targets that select: each target's own set counts, so the folder may hold more lists than one app.
    for (const t of targetSets) out.push(...checkCount(t.lists, maxLists, isChanged, changed, newest, t.name));
  } else {
    out.push(...checkCount(lists, maxLists, isChanged, changed, newest, undefined, config.targets?.map((t) => t.name).join(', ') ?? 'the target'));
  }
  for (const { list, termsAt } of lists) {
    const { encoding, bytes } = uploadBytes(list.searchTerms, config.service, list.category);
    if (bytes > maxUploadBytes) {
      const how = encoding === 'file' ? 'as a CSV file, one term per line' : encoding === 'disallowedSentences' ? 'as disallowedSentences' : 'joined in searchTerms';
      out.push(diagnose(termsAt, 'error', 'list-too-large', `the terms take ${bytes} bytes ${how}, over the ${maxUploadBytes}-byte limit; split the list`));
    }
  }
  return out;
}

/** At most `maxLists` in `lists`, naming the lists that pushed the count over (see checkRepo). */
function checkCount(
  lists: readonly PlacedList[],
  maxLists: number,
  isChanged: (p: PlacedList) => boolean,
  changed: ((file: string) => boolean) | undefined,
  newest: Newest | undefined,
  target: string | undefined,
  targets?: string,
): Diagnostic[] {
  if (lists.length <= maxLists) return [];
  const out: Diagnostic[] = [];
  const touched = lists.filter(isChanged);
  const over = lists.length - maxLists;
  let where: readonly PlacedList[];
  let why: string;
  if (touched.length > 0) {
    // The lists this change added pushed the count over; an edited old list is named only when none was added.
    const added = newest?.added ? touched.filter((p) => newest.added!(p.list.source.file)) : [];
    where = added.length > 0 ? added : touched;
    why = added.length > 0 ? 'this change adds this list' : 'this change adds or edits this list';
  } else if (newest?.rank && changed === undefined) {
    const rank = newest.rank;
    // Stable sort over the name order: among files of one commit, the last by name.
    where = [...lists].map((p, i) => ({ p, i, r: rank(p.list.source.file) })).sort((a, b) => a.r - b.r || b.i - a.i).slice(0, over).map((x) => x.p);
    why = 'this is the newest list by git history';
  } else {
    where = lists.slice(maxLists);
    why = newest && newest.rank === null ? 'outside git, so the last list by name is named here (pass --base in a clone to name the list a change added)' : 'this list is past the limit';
  }
  for (const p of where) {
    const message = target === undefined
      ? `${lists.length} lists, but ${targets} may hold at most ${maxLists} (default lists not counted); ${why}: merge it into another list or remove it`
      : `target ${target}: takes ${lists.length} lists, but may hold at most ${maxLists} (default lists not counted); ${why}: leave it out of ${target} (exclude or omit in kwsync.yaml), merge it into another list or remove it`;
    out.push(diagnose(p.idAt, 'error', 'too-many-lists', message));
  }
  return out;
}
