// A fix is offered only when it is proven: written back into the file it reads as the terms meant
// (none empty), no term is lost or merged with another of the list (same text once case and Unicode
// form are ignored), and the list's examples still pass (an example the replaced term alone caught
// is still caught; no shouldNotMatch example becomes caught). Otherwise the fix is withheld and the
// message says what to decide instead. Runs only on the findings that carry a fix (rare), with one
// pass over the list to index where terms are written; bounded to MAX_PROVEN fixes a file.
import { parse } from 'yaml';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Category } from '../model/keyword-list.js';
import { compileMatcher, type Matcher } from '../match/index.js';
import { quote } from '../load/quote-value.js';
import type { TermsSource } from '../load/terms-source.js';

const MAX_PROVEN = 1000;
const MAX_EXAMPLES = 500;

export interface ListExamples {
  shouldMatch?: readonly string[];
  shouldNotMatch?: readonly string[];
}

const fold = (t: string): string => t.normalize('NFKC').toLowerCase();

export function proveFixes(diags: Diagnostic[], terms: TermsSource, category: Category | undefined, examples: ListExamples | undefined): Diagnostic[] {
  const candidates = diags.filter((d) => d.fix && d.file === terms.file);
  if (candidates.length === 0 || !terms.raw) return diags;
  const at = new Map<string, number>();
  for (let j = 0; j < terms.values.length; j++) {
    const raw = terms.raw(j);
    if (raw) at.set(`${raw.line}:${raw.column}`, j);
  }
  let folds: Map<string, number> | undefined;
  let before: Matcher | null | undefined;
  const csv = /\.csv$/i.test(terms.file);
  let proven = 0;
  return diags.map((d) => {
    if (!d.fix || d.file !== terms.file) return d;
    const i = at.get(`${d.fix.line}:${d.fix.column}`);
    if (i === undefined) return d; // not a term's fix (a YAML key, a whole line): proven by its own rule
    const why = ++proven > MAX_PROVEN ? `more than ${MAX_PROVEN} fixes in one file are not re-checked` : unproven(i);
    return why ? withheld(d, why) : d;
  });

  function unproven(i: number): string | null {
    const line = terms.locate(i).sourceLine ?? '';
    const raw = terms.raw!(i)!;
    const flow = /[[,]\s*$/.test(line.slice(0, raw.column - 1));
    const fixed = decode(d_with(i), csv, flow);
    if (!fixed || fixed.length === 0 || fixed.some((t) => t.trim() === '')) return 'written back, the fix does not read as the term meant';
    folds ??= new Map(terms.values.map((t, j) => [fold(t), j] as const));
    const seen = new Set<string>();
    for (const t of fixed) {
      const j = folds.get(fold(t));
      if ((j !== undefined && j !== i) || seen.has(fold(t))) {
        const other = j !== undefined && j !== i ? terms.locate(j).line : undefined;
        return `it would turn this term into ${quote(t)}, which the list already holds${other ? ` (line ${other})` : ''}, merging two terms; decide which spelling to keep and remove the other, or keep both and accept the rule`;
      }
      seen.add(fold(t));
    }
    if (!examples || (category !== 'word' && category !== 'pattern')) return null;
    const after = compileMatcher({ category, searchTerms: fixed });
    before ??= compileMatcher({ category, searchTerms: terms.values });
    if (!after || !before) return null;
    const original = terms.values[i]!;
    for (const text of (examples.shouldMatch ?? []).slice(0, MAX_EXAMPLES)) {
      const hits = before.matches(text);
      if (hits.length > 0 && hits.every((t) => t === original) && after.matches(text).length === 0) {
        return `the fixed term no longer catches the example ${quote(text)}, which only this term caught; decide whether the example or the fix is right`;
      }
    }
    for (const text of (examples.shouldNotMatch ?? []).slice(0, MAX_EXAMPLES)) {
      if (after.matches(text).length > 0) return `the fixed term would catch ${quote(text)}, which the list's examples say it must not; decide whether the example or the fix is right`;
    }
    return null;
  }

  function d_with(i: number): string {
    return candidates.find((c) => at.get(`${c.fix!.line}:${c.fix!.column}`) === i)!.fix!.with;
  }
}

/** The terms a fix writes: CSV fields one a line, or YAML scalars (one, block items, or flow items). */
export function decode(written: string, csv: boolean, flow: boolean): string[] | null {
  try {
    if (csv) return written.split('\n').map((line) => (line.startsWith('"') ? line.slice(1, -1).replace(/""/g, '"') : line));
    const items = flow ? [`[${written}]`] : written.split(/\n\s*-[ \t]+/).map((item) => `- ${item}`);
    const out: string[] = [];
    for (const item of items) {
      const value: unknown = parse(item);
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return null;
      out.push(...(value as string[]));
    }
    return out;
  } catch {
    return null;
  }
}

/** The finding without its fix, saying why none is offered and what to decide instead. */
export function withheld(d: Diagnostic, why: string): Diagnostic {
  const { fix: _withheld, ...rest } = d;
  const cut = /(?:;|:) (?:write|put|indent|replace|delete|list|remove)[^;]*`[^`]*`[^;]*$/.exec(rest.message);
  const said = cut ? rest.message.slice(0, cut.index) : rest.message;
  return { ...rest, message: `${said}; no fix is offered: ${why}` };
}
