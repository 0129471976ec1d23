// Rules across files: list ids unique in the folder, a target holds at most `maxLists` lists, and
// each list's upload stays within `maxUploadBytes`.
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
}

export function checkRepo(lists: readonly PlacedList[], config: KwsyncConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  const firstById = new Map<string, PlacedList>();
  for (const placed of lists) {
    const first = firstById.get(placed.list.id);
    if (first) {
      out.push(diagnose(placed.idAt, 'error', 'duplicate-id', `id ${quote(placed.list.id)} is also used by ${first.list.source.file}:${first.idAt.line}; ids must be unique, rename one`));
    } else firstById.set(placed.list.id, placed);
  }
  const { maxLists, maxUploadBytes } = config.limits;
  if (lists.length > maxLists) {
    const extra = lists[maxLists]!;
    const targets = config.targets?.map((t) => t.name).join(', ') ?? 'the target';
    out.push(diagnose(extra.idAt, 'error', 'too-many-lists', `${lists.length} lists, but ${targets} may hold at most ${maxLists} (default lists not counted); merge or remove lists from here on`));
  }
  for (const { list, termsAt } of lists) {
    const { encoding, bytes } = uploadBytes(list.searchTerms, config.service.termsTransport);
    if (bytes > maxUploadBytes) {
      const how = encoding === 'file' ? 'as a CSV file, one term per line' : 'as searchTerms joined by commas';
      out.push(diagnose(termsAt, 'error', 'list-too-large', `the terms take ${bytes} bytes ${how}, over the ${maxUploadBytes}-byte limit; split the list`));
    }
  }
  return out;
}
