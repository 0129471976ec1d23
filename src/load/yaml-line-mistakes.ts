// Two YAML mistakes that read as parser jargon, and often as a second error on a correct line:
// a list item starting with a character YAML reserves (`- [0-9]{4}`, `- *scam*`, `- @user`,
// `- &x`), and an apostrophe inside single quotes (`- 'don't'`). Found on the source lines, each
// told in plain words with the quoted line as its fix; the file is then parsed again with the fixes
// applied, so only the errors that remain are reported beside them.
import type { Document } from 'yaml';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from './diagnose.js';
import { code } from './quote-value.js';
import type { SourceText } from './source-text.js';

const WHAT: Record<string, string> = {
  '[': 'the start of a list',
  ']': 'the end of a list',
  '{': 'the start of a mapping',
  '}': 'the end of a mapping',
  '*': 'a reference to an &anchor',
  '&': 'an anchor name, which is then dropped',
  '!': 'a tag',
  '|': 'the start of a block of text',
  '>': 'the start of a folded block of text',
  '%': 'a directive',
  '@': 'a character it reserves',
  '`': 'a character it reserves',
};

// Every regex here runs on each line of a file a pull request writes: each is linear (no two
// unbounded repeats that can split the same run of spaces between them).
const ITEM_START = /^(\s*-[ \t]+)(?=\S)/;
const SINGLE_START = /^(\s*(?:-[ \t]+|[A-Za-z][\w-]*:[ \t]+))'/;

/** A list item's value, up to a ` #` comment: `- [0-9]{4}  # four digits` → `[0-9]{4}`. */
function item(text: string): [string, string] | null {
  const start = ITEM_START.exec(text);
  if (!start) return null;
  const rest = text.slice(start[1]!.length);
  const comment = rest.search(/\s#/);
  return [start[1]!, (comment === -1 ? rest : rest.slice(0, comment)).trimEnd()];
}

/** `- 'don't'  # note` → [`- `, `don't`]: the text between the first and the last quote, when only a comment follows. */
function single(text: string): [string, string] | null {
  const start = SINGLE_START.exec(text);
  if (!start) return null;
  const rest = text.slice(start[0].length);
  const comment = rest.search(/\s#/);
  const body = (comment === -1 ? rest : rest.slice(0, comment)).trimEnd();
  if (!body.endsWith("'") || body.length < 2) return null;
  return [start[1]!, body.slice(0, -1)];
}

export function yamlLineMistakes(source: SourceText, doc: Document.Parsed): Diagnostic[] {
  const errorLines = new Set(doc.errors.map((e) => source.at(e.pos[0]).line));
  const anchors = new Set<string>();
  for (const m of source.text.matchAll(/(?:^|[\s[{,])&([^\s,\]}]+)/g)) anchors.add(m[1]!);
  const out: Diagnostic[] = [];
  for (let line = 1; line <= source.lineCount(); line++) {
    const text = source.lineText(line);
    const found = item(text);
    if (found) {
      const [lead, value] = found;
      const ch = value[0]!;
      if (WHAT[ch] && !allowed(value, anchors)) {
        const quoted = `'${value.replace(/'/g, "''")}'`;
        const d = diagnose(
          source.lineCol(line, lead.length + 1),
          'error',
          'yaml-reserved-start',
          `a term starting with ${ch} must be in quotes: YAML reads ${ch} as ${WHAT[ch]}, so ${code(value)} is not a term; write it as: ${code(`- ${quoted}`)}`,
        );
        d.fix = { line, column: lead.length + 1, replace: value, with: quoted };
        out.push(d);
        continue;
      }
    }
    if (errorLines.has(line)) out.push(...flowApostrophes(source, line, text));
    const quoted = errorLines.has(line) ? single(text) : null;
    if (quoted && quoted[1].replace(/''/g, '').includes("'")) {
      const inner = quoted[1];
      const meant = inner.replace(/''/g, "'");
      const fixed = /["\\]/.test(meant) ? `'${meant.replace(/'/g, "''")}'` : `"${meant}"`;
      const at = quoted[0].length + 1;
      const d = diagnose(
        source.lineCol(line, at),
        'error',
        'yaml-apostrophe',
        `the apostrophe in ${code(meant)} ends the single-quoted text early; put the term in double quotes (or double the apostrophe: ''): ${code(`${quoted[0].trim()} ${fixed}`)}`,
      );
      d.fix = { line, column: at, replace: `'${inner}'`, with: fixed };
      out.push(d);
    }
  }
  return out;
}

const FLOW_OPEN = /^(\s*(?:-[ \t]+|[A-Za-z][\w-]*:[ \t]+)?)\[/;
/** A single-quoted flow item ends at a quote followed by `,` or the closing `]` (then only a comment). */
const FLOW_END = /^'[ \t]*(?:,|\][ \t]*(?:#.*)?$)/;

/**
 * `searchTerms: ['kys', 'don't want to live']`: the same mistake as in a block list, inside a flow
 * list (or on a line continuing one), told the same way with the line as its fix. Items are walked
 * once, left to right; an item's end is the first quote followed by a comma or the closing bracket.
 */
function flowApostrophes(source: SourceText, line: number, text: string): Diagnostic[] {
  const open = FLOW_OPEN.exec(text);
  let i = open ? open[0].length : /^\s*(?=')/.exec(text)?.[0].length;
  if (i === undefined) return [];
  const out: Diagnostic[] = [];
  let fixedLine = text;
  let shift = 0;
  const found: { at: number; raw: string; fixed: string; meant: string }[] = [];
  while (i < text.length) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    const c = text[i];
    if (c === undefined || c === ']' || c === '#') break;
    let end: number;
    if (c === "'") {
      let j = i + 1;
      while (j < text.length && !(text[j] === "'" && FLOW_END.test(text.slice(j)))) j++;
      if (j >= text.length) break;
      const inner = text.slice(i + 1, j);
      if (inner.replace(/''/g, '').includes("'")) {
        const meant = inner.replace(/''/g, "'");
        found.push({ at: i, raw: `'${inner}'`, meant, fixed: /["\\]/.test(meant) ? `'${meant.replace(/'/g, "''")}'` : `"${meant}"` });
      }
      end = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      end = j + 1;
    } else {
      const j = text.slice(i).search(/[,\]]/);
      end = j === -1 ? text.length : i + j;
    }
    const comma = text.slice(end).search(/\S/);
    if (comma === -1 || text[end + comma] !== ',') break;
    i = end + comma + 1;
  }
  for (const f of found) {
    fixedLine = fixedLine.slice(0, f.at + shift) + f.fixed + fixedLine.slice(f.at + shift + f.raw.length);
    shift += f.fixed.length - f.raw.length;
  }
  if (found.length === 0) return out;
  // One finding a line (the parser's errors are one a line too), whose fix covers every item on it.
  const first = found[0]!;
  const last = found[found.length - 1]!;
  const lastEnd = last.at + last.raw.length;
  const withText = fixedLine.slice(first.at, lastEnd + shift);
  const terms = found.map((f) => code(f.meant)).join(', ');
  const d = diagnose(
    source.lineCol(line, first.at + 1),
    'error',
    'yaml-apostrophe',
    `the apostrophe in ${terms} ends the single-quoted text early; put the term in double quotes (or double the apostrophe: ''): ${code(fixedLine.replace(/\s+#.*$/, '').trim())}`,
  );
  d.fix = { line, column: first.at + 1, replace: text.slice(first.at, lastEnd), with: withText };
  out.push(d);
  return out;
}

/** What is meant as YAML: a block scalar indicator alone, a `!!str` tag, an alias to an anchor the file sets. */
function allowed(value: string, anchors: ReadonlySet<string>): boolean {
  if (/^[|>][-+0-9]*$/.test(value)) return true;
  if (/^[!&]\S*\s+\S/.test(value)) return true; // `- &name term`, `- !!str 0088`: YAML used on purpose
  if (value.startsWith('*') && anchors.has(value.slice(1))) return true;
  return false;
}
