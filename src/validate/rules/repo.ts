// Rules across files: list ids unique in the folder, a target holds at most `maxLists` lists, and
// each list's upload stays within `maxUploadBytes`. With a git base, the first two point at the
// files this change added or edited (where the reader acts), not at an unchanged file.
import type { KwsyncConfig } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { DesiredList } from '../../model/keyword-list.js';
import { diagnose } from '../../load/diagnose.js';
import { quote } from '../../load/quote-value.js';
import type { Position } from '../../load/source-text.js';
import { uploadBytes } from '../../model/terms-encoding.js';

export interface PlacedList {
  list: DesiredList;
  idAt: Position;
  termsAt: Position;
  /** Rules the list accepts with a reason (`accept:`). */
  accepted?: ReadonlySet<string>;
}

/** `changed(file)`: whether the file was added or edited against the git base; absent when no base is known. */
export function checkRepo(lists: readonly PlacedList[], config: KwsyncConfig, changed?: (file: string) => boolean): Diagnostic[] {
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
  if (lists.length > maxLists) {
    const targets = config.targets?.map((t) => t.name).join(', ') ?? 'the target';
    const touched = lists.filter(isChanged);
    const where = touched.length > 0 ? touched : lists.slice(maxLists);
    const why = touched.length > 0 ? 'this change adds or edits this list' : 'this list is past the limit';
    for (const p of where) {
      out.push(diagnose(p.idAt, 'error', 'too-many-lists', `${lists.length} lists, but ${targets} may hold at most ${maxLists} (default lists not counted); ${why}: merge it into another list or remove it`));
    }
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
