// list-renamed: a list file whose `id:` differs from the same path's at the base. kwsync keys lists
// by id, so apply does not rename: it creates the new id and leaves the old list live (or deletes
// it with prune, and with it the moderation it did until the new one is created). The author of the
// change should hear that in validate and in the PR's plan, where the warning travels as a diagnostic.
import type { Diagnostic } from '../../model/diagnostic.js';
import { diagnose } from '../../load/diagnose.js';
import type { GitBase } from '../../load/git-base.js';
import { quote } from '../../load/quote-value.js';
import { SourceText } from '../../load/source-text.js';
import { parseYamlFile } from '../../load/yaml-file.js';
import { MAX_ALIAS_COUNT } from '../validate-list-file.js';
import type { PlacedList } from './repo.js';

export async function checkRenamed(lists: readonly PlacedList[], base: GitBase): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const idsNow = new Set(lists.map((p) => p.list.id));
  for (const placed of lists) {
    const { id, source } = placed.list;
    if (!base.changed(source.file) || base.added(source.file)) continue;
    const text = await base.show(source.file);
    if (text === null) continue;
    const before = (parseYamlFile(new SourceText(source.file, text), { maxAliasCount: MAX_ALIAS_COUNT }).file?.value as { id?: unknown } | undefined)?.id;
    if (typeof before !== 'string' || before === id) continue;
    // The old id still has a file elsewhere (moved, not renamed): nothing is orphaned.
    if (idsNow.has(before)) continue;
    out.push(
      diagnose(
        placed.idAt,
        'warning',
        'list-renamed',
        `id changed from ${quote(before)} to ${quote(id)} (at ${base.ref} this file held ${quote(before)}): the plan creates ${quote(id)} and leaves ${quote(before)} live (or deletes it with --prune); to rename a list, keep the id and change \`name:\`, or see "Renaming or deleting a list" in docs/analyst.md`,
      ),
    );
  }
  return out;
}
