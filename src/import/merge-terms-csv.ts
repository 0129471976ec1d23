// A terms CSV with live's terms: kept terms stay in their order, added ones follow. The file keeps
// its `term` header (or lack of one), its byte order mark and its line endings.
import { stringify } from 'csv-stringify/sync';

/**
 * `fileTerms` are the terms the CSV holds, in file order (as the loader read them);
 * `keep` says which stay and `added` are appended.
 */
export function mergeTermsCsvText(
  text: string,
  fileTerms: readonly string[],
  change: { keep: (term: string) => boolean; added: readonly string[] },
): string {
  const bom = text.startsWith('\ufeff') ? '\ufeff' : '';
  const body = bom ? text.slice(1) : text;
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const firstLine = body.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const header = firstLine.trim().toLowerCase() === 'term' ? [[firstLine.trim()]] : [];
  const terms = [...fileTerms.filter((t) => change.keep(t)), ...change.added];
  return bom + stringify([...header, ...terms.map((t) => [t])], { record_delimiter: eol === '\r\n' ? 'windows' : 'unix' });
}
