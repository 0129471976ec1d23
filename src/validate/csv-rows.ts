// A CSV line with several columns gets "keep only the first column" from the loader, which is right
// for a notes column and loses terms when the row is several phrases typed across a sheet's
// columns. The advice is checked against the file: a row of three or more distinct phrases, in a
// file whose extra columns repeat nothing (notes repeat: "mild", "mild"), is terms, one per line.
import { parse } from 'csv-parse/sync';
import type { Diagnostic } from '../model/diagnostic.js';
import { code, quote } from '../load/quote-value.js';
import { csvField } from '../load/term-fix.js';
import type { SourceText } from '../load/source-text.js';

/** The loader's diagnostics with csv-multiple-fields advice that keeps what a row of phrases meant. */
export function csvRowAdvice(diagnostics: Diagnostic[], source: SourceText): Diagnostic[] {
  const rows = diagnostics.filter((d) => d.rule === 'csv-multiple-fields');
  if (rows.length === 0) return diagnostics;
  const fields = new Map<Diagnostic, string[]>();
  for (const d of rows) {
    try {
      const record = (parse(source.lineText(d.line), { relax_quotes: true, relax_column_count: true }) as string[][])[0];
      if (record) fields.set(d, record.map((f) => f.trim()));
    } catch {
      // a record over several lines, or broken quoting: the loader's advice stands
    }
  }
  // Notes repeat down their column; phrases typed across a row do not.
  const seen = new Set<string>();
  let repeats = false;
  for (const f of fields.values()) {
    for (const v of f.slice(1)) {
      if (v === '') continue;
      if (seen.has(v.toLowerCase())) repeats = true;
      seen.add(v.toLowerCase());
    }
  }
  if (repeats) return diagnostics;
  return diagnostics.map((d) => {
    const f = fields.get(d)?.filter((v) => v !== '');
    if (!f || f.length < 3 || new Set(f.map((v) => v.toLowerCase())).size !== f.length || !f.every((v) => /[\p{L}\p{N}]/u.test(v))) return d;
    const written = f.map(csvField).join('\n');
    return {
      ...d,
      message: `this line has ${f.length} columns, each a phrase (${f.slice(0, 3).map((v) => quote(v, 30)).join(', ')}${f.length > 3 ? ', …' : ''}), typed across the row, but a terms file holds one term per line, and only the first column would be read; write each on its own line: ${code(f.map((v) => csvField(v)).join(' / '))}`,
      ...(d.fix ? { fix: { ...d.fix, with: written } } : {}),
    };
  });
}
