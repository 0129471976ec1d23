// How deep a YAML text nests, measured on the `yaml` package's lexer (flat, no recursion) before
// the document is composed: composing `[[[[...]]]]` of 3 MB took tens of seconds and over 1 GB
// before overflowing the stack, so a list file past the bound is refused at the opener instead.
import { Lexer } from 'yaml';

/** Far beyond any list or config file (they nest three or four levels), far below what the composer can afford. */
export const MAX_YAML_DEPTH = 64;

/** Lexer control tokens that stand for no source text (document start, flow error end, scalar marker). */
const CONTROL = new Set(['\x02', '\x18', '\x1f']);

/**
 * The offset of the first collection opened past `max` levels, or undefined. Flow collections
 * (`[`, `{`) and block items chained on one line (`- - - x`) count; quotes and comments are the
 * lexer's business, so a `[` inside a string does not.
 */
export function tooDeepAt(text: string, max = MAX_YAML_DEPTH): number | undefined {
  if (!mayNestPast(text, max)) return undefined;
  let offset = 0;
  let flow = 0;
  let chain = 0; // block indicators since the line's start, with nothing else before them
  let lineStart = true;
  for (const token of new Lexer().lex(text)) {
    if (CONTROL.has(token)) continue;
    if (token === '[' || token === '{') {
      if (++flow > max) return offset;
    } else if (token === ']' || token === '}') {
      flow = Math.max(0, flow - 1);
    } else if (token === '\n' || token === '\r\n') {
      lineStart = true;
      chain = 0;
    } else if (lineStart && (token === '-' || token === '?')) {
      if (++chain > max) return offset;
    } else if (!/^[ \t]+$/.test(token)) {
      lineStart = false;
    }
    offset += token.length;
  }
  return undefined;
}

/** A linear pre-check so ordinary files skip the lexer: too few openers to nest that deep. */
function mayNestPast(text: string, max: number): boolean {
  let openers = 0;
  let dashes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) openers++;
    else if (c === 0x0a) dashes = 0;
    else if (c === 0x2d || c === 0x3f) dashes++;
    if (openers > max || dashes > max) return true;
  }
  return false;
}
