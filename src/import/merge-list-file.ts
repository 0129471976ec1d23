// Brings one live list into the text of its existing list file, changing only what differs: a
// field's value, a removed term's item, an added term's item. Everything else (comments, key order,
// `tests:`, the schema hint, quoting, flow or block style) stays byte for byte, because the edits
// are splices at the source ranges the `yaml` parser reports rather than a re-serialisation.
import { Document, isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { KwsyncError } from '../errors.js';

/** The fields of a list file that live content decides. */
export interface LiveFields {
  name: string;
  /** '' means no description. */
  description: string;
  category: string;
}

export interface TermsChange {
  /** Terms to keep, in file order; added terms go after them, in live order. */
  keep: (term: string) => boolean;
  added: readonly string[];
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * The list file's text with `fields` and, for inline lists (`terms` given), the terms changed.
 * Throws when the file is not a plain top-level mapping (then it could not have validated).
 */
export function mergeListFileText(text: string, fields: LiveFields, terms: TermsChange | null): string {
  const doc = parseDocument(text);
  const map = doc.contents;
  if (doc.errors.length > 0 || !isMap(map)) throw new KwsyncError('the list file is not a YAML mapping; fix it first (kwsync validate)');
  const splices: Splice[] = [];
  for (const key of ['name', 'category'] as const) splices.push(...setField(map, key, fields[key]));
  splices.push(...setDescription(text, map, fields.description));
  if (terms) splices.push(...editTerms(text, map, terms));
  return applySplices(text, splices);
}

function pairOf(map: YAMLMap, key: string): Pair<Node, Node> | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair<Node, Node> | undefined;
}

function setField(map: YAMLMap, key: string, value: string): Splice[] {
  const pair = pairOf(map, key);
  if (!pair || !isScalar(pair.value) || !pair.value.range) throw new KwsyncError(`the list file has no plain \`${key}:\` value to update`);
  if (pair.value.value === value) return [];
  const [start, end] = pair.value.range;
  return [{ start, end, text: scalarText(value) }];
}

/** Adds the key after `name:`, updates it, or removes its line when live has no description. */
function setDescription(text: string, map: YAMLMap, value: string): Splice[] {
  const pair = pairOf(map, 'description');
  if (pair) {
    if (value !== '') return setField(map, 'description', value);
    const keyStart = (pair.key as Node).range![0];
    const valueEnd = pair.value?.range?.[1] ?? (pair.key as Node).range![1];
    return [{ start: lineStart(text, keyStart), end: lineEnd(text, valueEnd), text: '' }];
  }
  if (value === '') return [];
  const name = pairOf(map, 'name')!;
  const at = lineEnd(text, name.value!.range![1]);
  const indent = text.slice(lineStart(text, (name.key as Node).range![0]), (name.key as Node).range![0]);
  const eol = eolOf(text);
  return [{ start: at, end: at, text: `${breakBefore(text, at, eol)}${indent}description: ${scalarText(value)}${eol}` }];
}

function editTerms(text: string, map: YAMLMap, change: TermsChange): Splice[] {
  const seq = pairOf(map, 'searchTerms')?.value;
  if (!isSeq(seq) || !seq.range) throw new KwsyncError('the list file has no `searchTerms:` sequence to update');
  const items = seq.items as Node[];
  const removed = items.filter((n) => !(isScalar(n) && typeof n.value === 'string' && change.keep(n.value)));
  if (removed.length === 0 && change.added.length === 0) return [];
  return seq.flow ? editFlowTerms(text, seq, items, removed, change.added) : editBlockTerms(text, items, removed, change.added);
}

// A flow sequence is rewritten as one: kept items keep their own source text (quoting included).
function editFlowTerms(text: string, seq: YAMLSeq, items: Node[], removed: Node[], added: readonly string[]): Splice[] {
  const kept = items.filter((n) => !removed.includes(n)).map((n) => text.slice(n.range![0], n.range![1]));
  const [start, end] = seq.range!;
  return [{ start, end, text: `[${[...kept, ...added.map(flowItemText)].join(', ')}]` }];
}

// A block sequence: a removed item loses its line (with its own trailing comment), an added one
// gets a new line after the last item, indented like it.
function editBlockTerms(text: string, items: Node[], removed: Node[], added: readonly string[]): Splice[] {
  const splices: Splice[] = removed.map((n) => ({ start: lineStart(text, n.range![0]), end: lineEnd(text, n.range![1]), text: '' }));
  const last = items[items.length - 1]!;
  const lastStart = lineStart(text, last.range![0]);
  const indent = /^[ \t]*/.exec(text.slice(lastStart))![0];
  const at = lineEnd(text, last.range![1]);
  const eol = eolOf(text);
  const lines = added.map((t) => `${indent}- ${scalarText(t)}${eol}`).join('');
  if (lines) splices.push({ start: at, end: at, text: breakBefore(text, at, eol) + lines });
  return splices;
}

/** A string as a YAML scalar the parser reads back as that string (quoted when it must be). */
function scalarText(value: string): string {
  if (/[\n\r]/.test(value)) return JSON.stringify(value);
  return new Document(value).toString({ lineWidth: 0 }).replace(/\n$/, '');
}

function flowItemText(value: string): string {
  return new Document([value]).toString({ collectionStyle: 'flow', flowCollectionPadding: false, lineWidth: 0 }).trim().slice(1, -1);
}

/** The file's own line ending, so an added line does not mix CRLF and LF. */
function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** A line break to put first when inserting at the end of a last line that has none. */
function breakBefore(text: string, at: number, eol: string): string {
  return at > 0 && text[at - 1] !== '\n' ? eol : '';
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just after the line break ending the line that holds `offset` (or the text's end). */
function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', Math.max(offset - 1, 0));
  return nl === -1 ? text.length : nl + 1;
}

function applySplices(text: string, splices: Splice[]): string {
  let out = text;
  for (const s of [...splices].sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}
