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
 * (`[`, `{`), and block items and keys chained on one line (`- - - x`, `a: b: - x`) count; quotes and comments are the
 * lexer's business, so a `[` inside a string does not.
 */
export function tooDeepAt(text: string, max = MAX_YAML_DEPTH): number | undefined {
  if (!mayNestPast(text, max)) return undefined;
  const gauge = new NestingGauge(max);
  for (const token of new Lexer().lex(text)) if (gauge.past(token)) return gauge.offset;
  return undefined;
}

/**
 * tooDeepAt token by token, for a caller that lexes the text anyway (parseYamlFile feeds the same
 * tokens to the parser): `past(token)` is true at the first token that opens a collection past
 * `max` levels, and `offset` is then where that token starts.
 */
export class NestingGauge {
  offset = 0;
  private flow = 0;
  private chain = 0; // block indicators and keys chained on this line
  private lineStart = true;

  constructor(private readonly max = MAX_YAML_DEPTH) {}

  past(token: string): boolean {
    if (CONTROL.has(token)) return false;
    if (token === '[' || token === '{') {
      if (++this.flow > this.max) return true;
    } else if (token === ']' || token === '}') {
      this.flow = Math.max(0, this.flow - 1);
    } else if (token === '\n' || token === '\r\n') {
      this.lineStart = true;
      this.chain = 0;
    } else if (token === ':' && this.flow === 0) {
      // Each `key:` on a line nests one more mapping (`k: k: k: x`: yaml composes 1M of them in ~4 s
      // and ~740 MB before calling the line an error), and block items may follow it as at a line's
      // start (`key: - - -`: 1.5M took ~7 s and ~950 MB).
      if (++this.chain > this.max) return true;
      this.lineStart = true;
    } else if (this.lineStart && (token === '-' || token === '?')) {
      if (++this.chain > this.max) return true;
    } else if (!/^[ \t]+$/.test(token)) {
      this.lineStart = false;
    }
    this.offset += token.length;
    return false;
  }
}

/** A linear pre-check so ordinary files skip the lexer: too few openers to nest that deep. */
export function mayNestPast(text: string, max: number): boolean {
  let openers = 0;
  let dashes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) openers++;
    else if (c === 0x0a) dashes = 0;
    else if (c === 0x2d || c === 0x3f || c === 0x3a) dashes++; // `-`, `?` and `key:` chain on one line
    if (openers > max || dashes > max) return true;
  }
  return false;
}
