// `kwsync fmt` as data: validate the folder first (an invalid list is never rewritten), then the
// canonical text of every list file and terms CSV, each checked to still hold exactly the same terms
// before it may be written. Writing is a separate step (write-atomic.ts).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { KwsyncError } from '../errors.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { readTermLines } from '../explain/term-lines.js';
import { validateRepo } from '../validate/index.js';
import { compareTerms } from './compare-terms.js';
import { formatListYaml } from './format-list-yaml.js';
import { formatTermsCsv } from './format-terms-csv.js';
import { formatRuleYaml } from './format-rule-yaml.js';
import { parse } from 'yaml';

export interface FileChange {
  /** Relative to the working directory, forward slashes. */
  file: string;
  /** Absolute path, for writing. */
  abs: string;
  before: string;
  after: string;
}

export type FormatResult =
  | { ok: false; diagnostics: Diagnostic[]; errorCount: number; warningCount: number; lists: number }
  | { ok: true; files: number; changes: FileChange[]; sortTerms: boolean };

export async function formatRepo(opts: { dir: string; cwd: string }): Promise<FormatResult> {
  const repo = await validateRepo(opts);
  if (repo.errorCount > 0) return { ok: false, diagnostics: repo.diagnostics, errorCount: repo.errorCount, warningCount: repo.warningCount, lists: repo.folderLists.length };
  const sortTerms = repo.config.fmt.sortTerms;
  const changes: FileChange[] = [];
  let files = 0;
  const seen = new Set<string>();
  // The files as written: a target's overrides and appended terms are not the file's.
  for (const list of repo.folderLists) {
    for (const file of [list.source.file, ...(list.source.termsFile ? [list.source.termsFile] : [])]) {
      if (seen.has(file)) continue; // one CSV named by two lists is formatted once
      seen.add(file);
      files++;
      const abs = resolve(opts.cwd, file);
      const before = await readFile(abs, 'utf8');
      const csv = file === list.source.termsFile;
      const after = csv ? formatTermsCsv(file, before, { sortTerms }) : formatListYaml(before, { sortTerms });
      if (after === null || after === before) continue;
      // The one promise of fmt: the terms are the same ones (in the same order unless sorting).
      if (csv || list.source.termsFile === undefined) assertSameTerms(file, list.searchTerms, after, sortTerms);
      changes.push({ file, abs, before, after });
    }
  }
  // Rule files: the canonical key order; the rule must read back the same.
  for (const rule of repo.rules ?? []) {
    const abs = resolve(opts.cwd, rule.source.file);
    const before = await readFile(abs, 'utf8');
    files++;
    const after = formatRuleYaml(before);
    if (after === before) continue;
    if (canonical(parse(after)) !== canonical(parse(before))) {
      throw new KwsyncError(`kwsync fmt would change what ${rule.source.file} says, so nothing was written`, { hint: 'this is a bug in kwsync fmt: please report it with the file; the file is unchanged' });
    }
    changes.push({ file: rule.source.file, abs, before, after });
  }
  return { ok: true, files, changes, sortTerms };
}

/** JSON with every mapping's keys sorted: what a file says, whatever the order it says it in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
}

function assertSameTerms(file: string, terms: readonly string[], after: string, sorted: boolean): void {
  const read = readTermLines(file, after)?.values ?? [];
  const want = sorted ? [...terms].sort(compareTerms) : terms;
  if (read.length !== want.length || read.some((t, i) => t !== want[i])) {
    throw new KwsyncError(`kwsync fmt would change the terms of ${file}, so nothing was written`, { hint: 'this is a bug in kwsync fmt: please report it with the file; the file is unchanged' });
  }
}

/** Where two texts first differ, as a line of each: enough for a CI log to show what fmt wants. */
export function firstDifference(before: string, after: string): { line: number; before: string; after: string } | null {
  const a = before.split(/\r?\n/);
  const b = after.split('\n');
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return { line: i + 1, before: a[i] ?? '', after: b[i] ?? '' };
  // Only line ends differ (CRLF).
  return before === after ? null : { line: 1, before: '(CRLF line ends)', after: '(LF line ends)' };
}
