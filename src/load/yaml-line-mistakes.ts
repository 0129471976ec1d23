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

/** A list item's value, up to a ` #` comment: `- [0-9]{4}  # four digits` → `[0-9]{4}`. */
const ITEM = /^(\s*-\s+)(\S.*?)(\s+#.*)?$/;
const SINGLE = /^(\s*(?:-\s+|[A-Za-z][\w-]*:\s+))'(.*)'(\s+#.*)?\s*$/;

export function yamlLineMistakes(source: SourceText, doc: Document.Parsed): Diagnostic[] {
  const errorLines = new Set(doc.errors.map((e) => source.at(e.pos[0]).line));
  const anchors = new Set<string>();
  for (const m of source.text.matchAll(/(?:^|[\s[{,])&([^\s,\]}]+)/g)) anchors.add(m[1]!);
  const out: Diagnostic[] = [];
  for (let line = 1; line <= source.lineCount(); line++) {
    const text = source.lineText(line);
    const item = ITEM.exec(text);
    if (item) {
      const value = item[2]!.trimEnd();
      const ch = value[0]!;
      if (WHAT[ch] && !allowed(value, anchors)) {
        const quoted = `'${value.replace(/'/g, "''")}'`;
        const d = diagnose(
          source.lineCol(line, item[1]!.length + 1),
          'error',
          'yaml-reserved-start',
          `a term starting with ${ch} must be in quotes: YAML reads ${ch} as ${WHAT[ch]}, so ${code(value)} is not a term; write it as: ${code(`- ${quoted}`)}`,
        );
        d.fix = { line, column: item[1]!.length + 1, replace: value, with: quoted };
        out.push(d);
        continue;
      }
    }
    const single = errorLines.has(line) ? SINGLE.exec(text) : null;
    if (single && /(^|[^'])'([^']|$)/.test(single[2]!.replace(/''/g, ''))) {
      const inner = single[2]!;
      const meant = inner.replace(/''/g, "'");
      const fixed = /["\\]/.test(meant) ? `'${meant.replace(/'/g, "''")}'` : `"${meant}"`;
      const at = single[1]!.length + 1;
      const d = diagnose(
        source.lineCol(line, at),
        'error',
        'yaml-apostrophe',
        `the apostrophe in ${code(meant)} ends the single-quoted text early; put the term in double quotes (or double the apostrophe: ''): ${code(`${single[1]!.trim()} ${fixed}`)}`,
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
