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

/** What is meant as YAML: a block scalar indicator alone, a `!!str` tag, an alias to an anchor the file sets. */
function allowed(value: string, anchors: ReadonlySet<string>): boolean {
  if (/^[|>][-+0-9]*$/.test(value)) return true;
  if (/^[!&]\S*\s+\S/.test(value)) return true; // `- &name term`, `- !!str 0088`: YAML used on purpose
  if (value.startsWith('*') && anchors.has(value.slice(1))) return true;
  return false;
}
