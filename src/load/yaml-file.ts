// A YAML file parsed with source positions (the `yaml` document API + LineCounter), so a value,
// a key or a character inside a scalar maps back to file:line:col.
import { Composer, isAlias, isMap, isScalar, isSeq, parseDocument, Parser, visit, LineCounter, Scalar, YAMLParseError } from 'yaml';
import type { Document, Node, Pair, YAMLError, YAMLMap } from 'yaml';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from './diagnose.js';
import { code, oneLine, quote } from './quote-value.js';
import { explainYamlError, onePerLine } from './yaml-errors.js';
import { SourceText, type Position } from './source-text.js';
import { applyFix } from './term-fix.js';
import { yamlLineMistakes } from './yaml-line-mistakes.js';
import { gaugedTokens, MAX_YAML_DEPTH, mayNestPast, NestingGauge } from './yaml-depth.js';

export type YamlPath = readonly PropertyKey[];

export class YamlFile {
  /** Each mapping's pairs by key, built on first lookup: a file of 150k keys is indexed once, not searched per key. */
  private readonly keyIndex = new WeakMap<YAMLMap, Map<string, Pair>>();

  constructor(
    readonly source: SourceText,
    private readonly doc: Document.Parsed,
    /** The plain data (toJS); undefined when the file did not parse. */
    readonly value: unknown,
  ) {}

  /** The node at path, or the deepest existing ancestor (a missing key points at its map). */
  private nodeAt(path: YamlPath): Node | null {
    let node: unknown = this.doc.contents;
    for (const key of path) {
      const next: unknown = isMap(node) ? this.pairOf(node, String(key))?.value : isSeq(node) ? node.get(key as never, true) : undefined;
      if (next === undefined || next === null) break;
      node = next;
    }
    return isNodeLike(node) ? node : null;
  }

  valueAt(path: YamlPath): Position {
    const node = this.nodeAt(path);
    return this.source.at(node?.range?.[0] ?? 0, true);
  }

  /** Where the key `key` of the mapping at `path` is written. */
  keyAt(path: YamlPath, key: string): Position {
    const map = this.nodeAt(path);
    if (isMap(map)) {
      const keyNode = this.pairOf(map, key)?.key as Node | undefined;
      if (keyNode?.range) return this.source.at(keyNode.range[0], true);
    }
    return this.valueAt(path);
  }

  private pairOf(map: YAMLMap, key: string): Pair | undefined {
    let index = this.keyIndex.get(map);
    if (!index) {
      index = new Map();
      for (const p of map.items as Pair[]) {
        const k = isScalar(p.key) ? String(p.key.value) : undefined;
        if (k !== undefined && !index.has(k)) index.set(k, p);
      }
      this.keyIndex.set(map, index);
    }
    return index.get(key);
  }

  /** Where the second line of a plain scalar written over several lines starts (a mis-indented `- item`). */
  continuationAt(path: YamlPath): Position | undefined {
    const node = this.nodeAt(path);
    if (!isScalar(node) || node.type !== Scalar.PLAIN || !node.range) return undefined;
    const nl = this.source.text.indexOf('\n', node.range[0]);
    if (nl === -1 || nl >= node.range[1]) return undefined;
    const next = this.source.text.slice(nl + 1, node.range[1]).search(/\S/);
    return next === -1 ? undefined : this.source.at(nl + 1 + next, true);
  }

  /** The scalar at `path` as written (quotes included), when it sits on one line. */
  rawAt(path: YamlPath): { line: number; column: number; text: string; type: Scalar['type'] } | undefined {
    const node = this.nodeAt(path);
    if (!isScalar(node) || !node.range || path.length === 0) return undefined;
    const text = this.source.text.slice(node.range[0], node.range[1]).replace(/\s+$/, '');
    if (text.includes('\n') || text === '') return undefined;
    const pos = this.source.at(node.range[0]);
    return { line: pos.line, column: pos.column, text, type: node.type };
  }

  /** Where character `index` of the decoded string at `path` is written (escapes accounted for). */
  charAt(path: YamlPath, index: number): Position {
    const node = this.nodeAt(path);
    if (!isScalar(node) || !node.range) return this.valueAt(path);
    const start = node.range[0];
    const raw = this.source.text.slice(start, node.range[1]);
    return this.source.at(start + rawOffset(raw, node.type, index), true);
  }
}

function isNodeLike(x: unknown): x is Node {
  return typeof x === 'object' && x !== null && 'range' in x;
}

/** Maps a decoded index to an offset in the scalar's source text, for plain and quoted scalars. */
function rawOffset(raw: string, type: Scalar['type'], index: number): number {
  if (type === Scalar.PLAIN) return index;
  if (type !== Scalar.QUOTE_DOUBLE && type !== Scalar.QUOTE_SINGLE) return 0;
  let r = 1;
  for (let decoded = 0; decoded < index && r < raw.length; decoded++) {
    if (type === Scalar.QUOTE_SINGLE) r += raw.startsWith("''", r) ? 2 : 1;
    else if (raw[r] !== '\\') r += 1;
    else r += ({ x: 4, u: 6, U: 10 } as Record<string, number>)[raw[r + 1] ?? ''] ?? 2;
  }
  return r;
}

type ParsedDocument = Document.Parsed;

/**
 * parseDocument, refusing a text nested past MAX_YAML_DEPTH before it is composed (composing
 * `[[[[...]]]]` of 3 MB took tens of seconds and over 1 GB). A text with enough openers to nest that
 * deep (a pattern list's character classes) is lexed once: the depth is gauged on the tokens on
 * their way to the parser (yaml-depth.ts), as parseDocument would feed them, instead of in a pass
 * of its own first. `deep`: where the collection past the bound opens.
 */
export function parseBounded(text: string, lineCounter: LineCounter): { doc: ParsedDocument } | { deep: number } {
  // The parser's own duplicate-key check compares each key with every earlier one (quadratic: 20k
  // keys took seconds, 150k minutes); duplicateKeys finds the same ones with one Set per mapping.
  const options = { lineCounter, uniqueKeys: false, prettyErrors: false };
  if (!mayNestPast(text, MAX_YAML_DEPTH)) return { doc: parseDocument(text, options) };
  const gauge = new NestingGauge();
  lineCounter.addNewLine(0); // as Parser.parse does at offset 0
  const tokens = gaugedTokens(text, new Parser(lineCounter.addNewLine), gauge);
  // As parseDocument: the first document, and an error when the text holds another.
  let doc: ParsedDocument | null = null;
  for (const next of new Composer(options).compose(tokens, true, text.length)) {
    if (gauge.deep !== undefined) break;
    if (!doc) doc = next as ParsedDocument;
    else if (doc.options.logLevel !== 'silent') {
      doc.errors.push(new YAMLParseError(next.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  return gauge.deep !== undefined ? { deep: gauge.deep } : { doc: doc! };
}

/** Parses one YAML document; syntax errors, duplicate keys and alias bombs become diagnostics. */
export function parseYamlFile(
  source: SourceText,
  opts: { maxAliasCount: number; /** List files: items starting with a reserved character, apostrophes in single quotes. */ lineMistakes?: boolean },
): { file: YamlFile | null; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const parsed = parseBounded(source.text, lineCounter);
  if ('deep' in parsed) {
    const message = `this collection nests more than ${MAX_YAML_DEPTH} levels deep; a list file needs three or four, so flatten it (parsing it would take minutes and gigabytes)`;
    return { file: null, diagnostics: [diagnose(source.at(parsed.deep, true), 'error', 'yaml-nesting-limit', message)] };
  }
  const doc = parsed.doc;
  const mistakes = opts.lineMistakes ? yamlLineMistakes(source, doc) : [];
  if (mistakes.length > 0) {
    // Parsed again with every fix applied: what is still wrong is reported too, and nothing else.
    let text = source.text;
    for (const m of mistakes) text = applyFix(text, m.fix!);
    const again = parseYamlFile(new SourceText(source.file, text), { maxAliasCount: opts.maxAliasCount });
    const fixedLines = new Set(mistakes.map((m) => m.line));
    const rest = again.diagnostics.filter((d) => !fixedLines.has(d.line)).map((d) => ({ ...d, ...(d.sourceLine !== undefined ? { sourceLine: source.lineCol(d.line, d.column).sourceLine! } : {}) }));
    return { file: null, diagnostics: onePerLine([...mistakes, ...rest].sort((a, b) => a.line - b.line || a.column - b.column)) };
  }
  const openers = unclosedOpeners(doc);
  const diagnostics = onePerLine([...doc.errors.map((e) => explainYamlError(source, doc, e) ?? yamlError(source, e, openers)), ...duplicateKeys(source, doc)]);
  if (diagnostics.length > 0) return { file: null, diagnostics };
  diagnostics.push(...unknownTags(source, doc));
  try {
    const value: unknown = doc.toJS({ maxAliasCount: opts.maxAliasCount });
    return { file: new YamlFile(source, doc, value), diagnostics };
  } catch (err) {
    const bomb = err instanceof Error && /alias count/i.test(err.message);
    const at = bomb ? firstAliasOffset(doc) : unresolvedAliasOffset(doc);
    diagnostics.push(
      diagnose(
        source.at(at, true),
        'error',
        bomb ? 'yaml-alias-limit' : 'yaml-alias',
        bomb
          ? `aliases expand past ${opts.maxAliasCount} nodes (an alias bomb); write the values out instead`
          : unresolvedAliasMessage(source, at),
      ),
    );
    return { file: null, diagnostics };
  }
}

const DUPLICATE_KEY = 'this key appears twice in the same mapping; keep one (YAML keeps neither reliably)';

/** The second of two keys named alike: YAML keeps one, so what the other holds would never be read or sent. */
function duplicateKey(key: string, firstLine: number): string {
  return `${quote(key, 40)} is written twice in this mapping (first on line ${firstLine}), and only one of them would be read: what the other holds is never checked or sent; merge them into one ${code(`${key.slice(0, 40)}:`)}`;
}

/** Every scalar key written a second time in its mapping, at the repeat (what `uniqueKeys` reported). */
function duplicateKeys(source: SourceText, doc: Document.Parsed): Diagnostic[] {
  const out: Diagnostic[] = [];
  visit(doc, {
    Map(_k, map) {
      const seen = new Map<string, number>();
      for (const p of map.items as Pair[]) {
        if (!isScalar(p.key) || !p.key.range) continue;
        const v = p.key.value;
        const id = `${typeof v}:${String(v)}`;
        const first = seen.get(id);
        if (v === '<<' || first === undefined) seen.set(id, p.key.range[0]);
        else out.push(diagnose(source.at(p.key.range[0], true), 'error', 'yaml-duplicate-key', duplicateKey(String(v), source.at(first).line)));
      }
    },
  });
  return out;
}

/** A tag the schema does not know (`!!js/function`, `!foo`) would silently read as text: an error. */
function unknownTags(source: SourceText, doc: Document.Parsed): Diagnostic[] {
  return doc.warnings
    .filter((w) => w.code === 'TAG_RESOLVE_FAILED')
    .map((w) => {
      const tag = /^!\S*/.exec(source.text.slice(w.pos[0]))?.[0] ?? '!';
      const pos = source.at(w.pos[0], true);
      const line = source.lineText(pos.line);
      const fixed = `${line.slice(0, pos.column - 1)}${line.slice(pos.column - 1 + tag.length).trimStart()}`.trim();
      return diagnose(pos, 'error', 'yaml-unknown-tag', `${quote(tag)} is a YAML tag kwsync does not know, so the value after it would be read as plain text; remove the tag: ${code(fixed)}`);
    });
}

/** `- *darn` is most often a term (or a wildcard) rather than a YAML reference: say both, with the quoted line. */
function unresolvedAliasMessage(source: SourceText, at: number): string {
  const alias = /^\*[^\s,\]}]*/.exec(source.text.slice(at))?.[0] ?? '*';
  return `${quote(alias)} is read as a YAML alias (a reference to an &anchor), and there is no such anchor; if it is text, put it in quotes: ${code(`'${alias}'`)}`;
}

/** The alias whose anchor is missing (not merely the first alias of the file). */
function unresolvedAliasOffset(doc: Document.Parsed): number {
  let offset = firstAliasOffset(doc);
  visit(doc, {
    Alias(_key, node) {
      if (node.range && node.resolve(doc) === undefined) {
        offset = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return offset;
}

function firstAliasOffset(doc: Document.Parsed): number {
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      if (isAlias(node) && node.range) {
        offset = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return offset;
}

/** Quoted scalars and flow collections, latest-opened first: where an unclosed one really starts. */
function unclosedOpeners(doc: Document.Parsed): { quotes: Node[]; flows: Node[] } {
  const quotes: Node[] = [];
  const flows: Node[] = [];
  visit(doc, {
    Scalar(_k, n) {
      if (n.type === Scalar.QUOTE_DOUBLE || n.type === Scalar.QUOTE_SINGLE) quotes.push(n);
    },
    Collection(_k, n) {
      if (n.flow) flows.push(n);
    },
  });
  const latestFirst = (a: Node, b: Node) => (b.range?.[0] ?? 0) - (a.range?.[0] ?? 0);
  return { quotes: quotes.sort(latestFirst), flows: flows.sort(latestFirst) };
}

/** One YAML error as a diagnostic: unclosed quotes and brackets located where they open. */
function yamlError(source: SourceText, e: YAMLError, openers: { quotes: Node[]; flows: Node[] }): Diagnostic {
  const at = e.pos[0];
  if (e.code === 'DUPLICATE_KEY') return diagnose(source.at(at, true), 'error', 'yaml-duplicate-key', DUPLICATE_KEY);
  if (e.code === 'MULTIPLE_DOCS') return diagnose(source.at(at, true), 'error', 'yaml-syntax', 'a list file holds one YAML document; remove `---` and what follows it, or move it to a file of its own');
  const quote = /Missing closing .?quote/.test(e.message);
  const flow = !quote && /end with an? [\]}]/.test(e.message);
  const pool = quote ? openers.quotes : flow ? openers.flows : [];
  const i = pool.findIndex((n) => (n.range?.[0] ?? at) < at && (n.range?.[1] ?? 0) >= at);
  if (i !== -1) {
    const start = pool.splice(i, 1)[0]!.range![0];
    const open = source.text[start] ?? '';
    const close = open === '[' ? ']' : open === '{' ? '}' : open;
    const what = quote ? 'this quoted text is' : `this ${open} is`;
    return diagnose(source.at(start, true), 'error', 'yaml-syntax', `${what} never closed; add the closing ${close}`);
  }
  return diagnose(source.at(at, true), 'error', 'yaml-syntax', `${oneLine(firstLine(e.message))}; fix the YAML syntax here`);
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
}
