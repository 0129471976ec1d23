// How deep a YAML text nests, measured on the `yaml` package's lexer (flat, no recursion) before
// the document is composed: composing `[[[[...]]]]` of 3 MB took tens of seconds and over 1 GB
// before overflowing the stack, so a list file past the bound is refused at the opener instead.
import { Lexer, Parser } from 'yaml';
import type { CST } from 'yaml';

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
  for (const _ of gaugedTokens(text, new Parser(), gauge));
  return gauge.deep;
}

/**
 * The parser's tokens for `text` (what parseDocument composes), stopping at the first lexeme that
 * nests past the gauge's bound; `gauge.deep` then says where. Two measures: the gauge on each lexeme
 * before the parser sees it (flow collections, and block items and keys chained on one line), and
 * the parser's own stack of open collections after it (what one line cannot show: keys nested
 * across lines once a syntax error is recovered from, `k: k:` on every line).
 */
export function* gaugedTokens(text: string, parser: Parser, gauge: NestingGauge): Generator<CST.Token> {
  for (const lexeme of new Lexer().lex(text)) {
    const at = gauge.offset;
    if (gauge.past(lexeme)) {
      gauge.deep = at;
      return;
    }
    yield* parser.next(lexeme);
    // The document and its top collection are two entries below the first nested level.
    if (parser.stack.length > gauge.max + 2) {
      gauge.deep = at;
      return;
    }
  }
  yield* parser.end();
}

/**
 * tooDeepAt token by token, for a caller that lexes the text anyway (parseYamlFile feeds the same
 * tokens to the parser): `past(token)` is true at the first token that opens a collection past
 * `max` levels, and `offset` is then where that token starts.
 */
export class NestingGauge {
  offset = 0;
  /** Where the text nests past the bound, once gaugedTokens has stopped there. */
  deep: number | undefined;
  private flow = 0;
  private chain = 0; // block indicators and keys chained on this line
  private lineStart = true;

  constructor(readonly max = MAX_YAML_DEPTH) {}

  past(token: string): boolean {
    if (CONTROL.has(token)) return false;
    if (token === '[' || token === '{') {
      if (++this.flow + this.chain > this.max) return true;
    } else if (token === ']' || token === '}') {
      this.flow = Math.max(0, this.flow - 1);
    } else if (token === '\n' || token === '\r\n') {
      this.lineStart = true;
      // Inside an open flow collection, block items chained on one line stay open on the next.
      if (this.flow === 0) this.chain = 0;
    } else if (token === ':' && this.flow === 0) {
      // Each `key:` on a line nests one more mapping (`k: k: k: x`: yaml composes 1M of them in ~4 s
      // and ~740 MB before calling the line an error), and block items may follow it as at a line's
      // start (`key: - - -`: 1.5M took ~7 s and ~950 MB).
      if (this.flow + ++this.chain > this.max) return true;
      this.lineStart = true;
    } else if (this.lineStart && (token === '-' || token === '?')) {
      if (this.flow + ++this.chain > this.max) return true;
    } else if (!/^[ \t]+$/.test(token)) {
      this.lineStart = false;
    }
    this.offset += token.length;
    return false;
  }
}

/**
 * A linear pre-check so ordinary files skip the gauged parse: an upper bound of what the gauge could
 * count is within `max`. Every flow opener and key counts (after a syntax error yaml nests keys
 * across lines), and the block items of the busiest line, or of the whole text once a flow
 * collection may be open (inside one, items chained on a line stay open on the next).
 */
export function mayNestPast(text: string, max: number): boolean {
  let openers = 0;
  let colons = 0;
  let line = 0; // `-` and `?` on this line
  let all = 0; // `-` and `?` in the whole text
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) openers++;
    else if (c === 0x3a) colons++;
    else if (c === 0x2d || c === 0x3f) (line++, all++);
    else if (c === 0x0a) line = 0;
    if (openers + colons + (openers > 0 ? all : line) > max) return true;
  }
  return false;
}
