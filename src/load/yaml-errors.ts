// The YAML mistakes people editing a list actually make, told in their words with the corrected
// line, before any parser wording: a regex in double quotes, a term starting with @, a term added
// below `tests:`, a tab, a missing space after `:` or `-`. Anything else falls back to the parser.
import { Scalar, visit } from 'yaml';
import type { Document, Node, YAMLError } from 'yaml';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from './diagnose.js';
import { code, quote } from './quote-value.js';
import type { SourceText } from './source-text.js';

/** A friendly diagnostic for `e`, or null when it is not one of the known mistakes. */
export function explainYamlError(source: SourceText, doc: Document.Parsed, e: YAMLError): Diagnostic | null {
  const at = e.pos[0];
  const pos = source.at(at, true);
  const lineText = source.lineText(pos.line);
  if (e.code === 'TAB_AS_INDENT' || /^ *\t/.test(lineText)) {
    const fixed = lineText.replace(/^[ \t]+/, (lead) => lead.replace(/\t/g, '  '));
    return diagnose(source.lineCol(pos.line, 1), 'error', 'yaml-tab-indent', `this line is indented with a tab, and YAML needs spaces; replace each tab at the start of the line with two spaces: ${code(fixed)}`);
  }
  const noSpace = /^(\s*)([A-Za-z][\w-]*):(?![\s/])(\S.*)$/.exec(lineText);
  if (noSpace) {
    const fixed = `${noSpace[1]}${noSpace[2]}: ${noSpace[3]}`;
    return diagnose(source.lineCol(pos.line, noSpace[1]!.length + noSpace[2]!.length + 2), 'error', 'yaml-missing-space', `a space is missing after the colon; write it as: ${quoteLine(fixed)}`);
  }
  if (e.code === 'BAD_DQ_ESCAPE') return badEscape(source, doc, at);
  if (e.code === 'BAD_SCALAR_START') return reservedStart(source, doc, at);
  const dash = /^(\s*)-(?=[^\s-])(.*)$/.exec(lineText);
  if (dash) {
    const fixed = `${dash[1]}- ${dash[2]}`;
    return diagnose(source.lineCol(pos.line, dash[1]!.length + 2), 'error', 'yaml-missing-space', `a space is missing after the dash of this list item; write it as: ${quoteLine(fixed)}`);
  }
  if (e.code === 'BLOCK_AS_IMPLICIT_KEY' && /^\s*- /.test(lineText)) return strayItem(source, pos.line);
  return null;
}

/** One diagnostic per line: the parser often reports one mistake three times over. */
export function onePerLine(diags: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diags.filter((d) => {
    const key = `${d.file}:${d.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function badEscape(source: SourceText, doc: Document.Parsed, at: number): Diagnostic {
  const node = scalarAround(doc, at, Scalar.QUOTE_DOUBLE);
  const escape = source.text.slice(at, at + 2);
  const head = `${code(escape)} inside double quotes is not something YAML can read (backslashes are escapes there)`;
  if (!node?.range || source.text[node.range[1] - 1] !== '"') {
    return diagnose(source.at(at, true), 'error', 'yaml-escape', `${head}; write the term in single quotes instead, which keep a backslash as written`);
  }
  const inner = source.text.slice(node.range[0] + 1, node.range[1] - 1).replace(/\\"/g, '"');
  const single = `'${inner.replace(/'/g, "''")}'`;
  return diagnose(source.at(at, true), 'error', 'yaml-escape', `${head}; use single quotes, which keep a backslash as written: ${quoteLine(replaceRange(source, node.range, single))}`);
}

function reservedStart(source: SourceText, doc: Document.Parsed, at: number): Diagnostic {
  const ch = source.text[at] ?? '';
  const node = scalarAround(doc, at, Scalar.PLAIN);
  const head = `text starting with ${ch} must be in quotes (YAML reserves ${ch})`;
  if (!node?.range) return diagnose(source.at(at, true), 'error', 'yaml-reserved-start', `${head}; put the term in single quotes`);
  const text = source.text.slice(node.range[0], node.range[1]).trimEnd();
  const range: [number, number] = [node.range[0], node.range[0] + text.length];
  return diagnose(source.at(at, true), 'error', 'yaml-reserved-start', `${head}; write it as: ${quoteLine(replaceRange(source, range, `'${text.replace(/'/g, "''")}'`))}`);
}

function strayItem(source: SourceText, line: number): Diagnostic {
  const item = source.lineText(line).trim();
  // The key this item landed under: the nearest line above that is a key at or left of its indent.
  const indent = source.lineText(line).search(/\S/);
  let after = '';
  for (let l = line - 1; l >= 1 && !after; l--) {
    const m = /^(\s*)([A-Za-z][\w-]*):/.exec(source.lineText(l));
    if (m && m[1]!.length <= indent) after = m[2]!;
  }
  const termsLine = findLine(source, /^searchTerms:\s*(#.*)?$/);
  if (after === 'searchTerms' && termsLine) {
    // Right below the terms but indented less: the fix is the indentation of the terms above it.
    const termIndent = /^(\s*)- /.exec(source.lineText(termsLine + 1))?.[1] ?? '  ';
    return diagnose(source.lineCol(line, indent + 1), 'error', 'yaml-stray-item', `${quote(item)} is indented less than the terms above it, so it is outside the searchTerms list; indent it like them: ${code(termIndent + item)}`);
  }
  const flowLine = findLine(source, /^searchTerms:\s*\[/);
  const into = termsLine
    ? ` move it up into the list under \`searchTerms:\` (line ${termsLine}), indented like the other terms`
    : flowLine
      ? ` add it inside the brackets of \`searchTerms: [...]\` (line ${flowLine}), after a comma`
      : ' move it into the list it belongs to, indented like that list';
  const where = after ? `it comes after \`${after}:\`, where no list is open` : 'no list is open here';
  return diagnose(source.lineCol(line, indent + 1), 'error', 'yaml-stray-item', `${quote(item)} is a list item outside any list (${where});${into}`);
}

function findLine(source: SourceText, re: RegExp): number | undefined {
  for (let l = 1; l <= source.lineCount(); l++) if (re.test(source.lineText(l))) return l;
  return undefined;
}

function scalarAround(doc: Document.Parsed, at: number, type: Scalar['type']): Node | undefined {
  let found: Node | undefined;
  visit(doc, {
    Scalar(_k, n) {
      if (n.type === type && n.range && n.range[0] <= at && at < Math.max(n.range[1], n.range[0] + 1)) {
        found = n;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The source line holding `range`, with the range replaced (a fix-it), trimmed of its indentation. */
function replaceRange(source: SourceText, range: readonly number[], replacement: string): string {
  const pos = source.at(range[0]!);
  const line = source.lineText(pos.line);
  const start = pos.column - 1;
  const end = Math.min(line.length, start + (range[1]! - range[0]!));
  return line.slice(0, start) + replacement + line.slice(end);
}

/** A corrected line quoted for a message, without its indentation. */
function quoteLine(line: string): string {
  return code(line.trim());
}
