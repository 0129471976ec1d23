// list-shrunk: a small list (under safety.minTermsForShareCheck, so apply's share check does not
// guard it) that loses most of its terms against the base version is almost surely a slip.
import { posix } from 'node:path';
import type { KwsyncConfig } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { parseCsvTerms } from '../../load/csv-terms.js';
import { diagnose } from '../../load/diagnose.js';
import type { GitBase } from '../../load/git-base.js';
import { SourceText } from '../../load/source-text.js';
import { parseYamlFile } from '../../load/yaml-file.js';
import { MAX_ALIAS_COUNT } from '../validate-list-file.js';
import type { PlacedList } from './repo.js';

export async function checkShrunk(lists: readonly PlacedList[], base: GitBase, config: KwsyncConfig): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const placed of lists) {
    const { source, searchTerms } = placed.list;
    if (placed.accepted?.has('list-shrunk')) continue;
    if (!base.changed(source.file) && !(source.termsFile && base.changed(source.termsFile))) continue;
    const before = await baseTerms(base, source.file);
    if (!before || before.length === 0 || before.length >= config.safety.minTermsForShareCheck) continue;
    const now = new Set(searchTerms);
    const removed = before.filter((t) => !now.has(t)).length;
    if (removed * 2 <= before.length || searchTerms.length >= before.length) continue;
    out.push(
      diagnose(
        placed.termsAt,
        'warning',
        'list-shrunk',
        `this list goes from ${before.length} terms at ${base.ref} to ${searchTerms.length} (${removed} removed); lists under ${config.safety.minTermsForShareCheck} terms are not guarded by apply, so check nothing was deleted by mistake (or accept it: \`accept: {list-shrunk: "why"}\`)`,
      ),
    );
  }
  return out;
}

/** The terms the base version of a list file held (inline or in its CSV), or null when there is none. */
async function baseTerms(base: GitBase, file: string): Promise<string[] | null> {
  const text = await base.show(file);
  if (text === null) return null;
  const parsed = parseYamlFile(new SourceText(file, text), { maxAliasCount: MAX_ALIAS_COUNT });
  const value = parsed.file?.value as { searchTerms?: unknown; file?: unknown } | undefined;
  if (Array.isArray(value?.searchTerms)) return value.searchTerms.filter((t): t is string => typeof t === 'string');
  if (typeof value?.file !== 'string') return null;
  const csvPath = posix.normalize(posix.join(posix.dirname(file), value.file));
  const csv = await base.show(csvPath);
  return csv === null ? null : (parseCsvTerms(new SourceText(csvPath, csv)).terms?.values ?? null);
}
