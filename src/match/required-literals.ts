// The literals a pattern cannot match without: a set of strings such that every match of the
// pattern (flags `iu`) contains at least one of them, in the folded form `foldForLiterals` gives a
// text. A message holding none of a pattern's literals cannot match it, so its regex need not run
// (the prefilter of RE2 and ripgrep, over regexpp's AST). Only printable ASCII is taken as a literal:
// under `iu` an ASCII character equals only its other case and, for s and k, U+017F and U+212A,
// which the fold maps onto it; anything else (non-ASCII, classes, backreferences) is "unknown".
// null means no requirement could be proven: the pattern runs on every message.
import { RegExpParser, type AST } from '@eslint-community/regexpp';

/** Sets larger than this stop growing (the pattern then keeps the best literal found so far). */
const MAX_SET = 16;

/** A node's language (`exact`: every string it can match, folded) and a proven literal set (`req`). */
interface Info {
  exact: Set<string> | null;
  req: Set<string> | null;
}

const UNKNOWN: Info = { exact: null, req: null };
const EMPTY: Info = { exact: new Set(['']), req: null };

/** Lower case, with the two non-ASCII characters that `iu` equates to ASCII letters mapped onto them. */
export function foldForLiterals(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('\u017f') ? lower.replace(/\u017f/g, 's') : lower;
}

/** The literals of `pattern`, or null when it may match without any (or does not parse). */
export function requiredLiterals(pattern: string): string[] | null {
  let ast: AST.Pattern;
  try {
    ast = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return null;
  }
  const info = alternatives(ast.alternatives);
  const best = usable(info.req) ?? usable(info.exact);
  return best ? minimal(best) : null;
}

/** Without the literals that hold another one (`p1` proves all that `p1-` does), sorted. */
function minimal(set: Set<string>): string[] {
  const all = [...set];
  return all.filter((x) => !all.some((y) => y !== x && x.includes(y))).sort();
}

/** A set that proves something: not empty and without the empty string. */
function usable(set: Set<string> | null): Set<string> | null {
  return set && set.size > 0 && !set.has('') ? set : null;
}

/** The better of two literal sets: the longer shortest literal, then the fewer literals. */
function better(a: Set<string> | null, b: Set<string> | null): Set<string> | null {
  if (!usable(a)) return usable(b);
  if (!usable(b)) return a;
  const shortest = (s: Set<string>) => Math.min(...[...s].map((x) => x.length));
  const d = shortest(a!) - shortest(b!);
  return d > 0 || (d === 0 && a!.size <= b!.size) ? a : b;
}

function alternatives(alts: readonly AST.Alternative[]): Info {
  const infos = alts.map((a) => sequence(a.elements));
  let exact: Set<string> | null = new Set();
  let req: Set<string> | null = new Set();
  for (const i of infos) {
    exact = exact && i.exact ? union(exact, i.exact) : null;
    const r = usable(i.req) ?? usable(i.exact);
    req = req && r ? union(req, r) : null;
  }
  return { exact, req: usable(req) };
}

function union(a: Set<string>, b: Set<string>): Set<string> | null {
  const out = new Set([...a, ...b]);
  return out.size > MAX_SET ? null : out;
}

/** A concatenation: runs of exact parts join into longer literals; the best proven set wins. */
function sequence(elements: readonly AST.Element[]): Info {
  let run: Set<string> | null = new Set(['']);
  let allExact = true;
  let req: Set<string> | null = null;
  for (const el of elements) {
    const i = element(el);
    const joined: Set<string> | null = run && i.exact ? cross(run, i.exact) : null;
    if (joined) {
      run = joined;
      continue;
    }
    allExact = false;
    req = better(req, run);
    req = better(req, i.req);
    run = i.exact ?? new Set(['']);
  }
  req = better(req, run);
  return { exact: allExact ? run : null, req };
}

function cross(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_SET) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

function element(el: AST.Element): Info {
  switch (el.type) {
    case 'Character':
      return character(el.value);
    case 'CharacterClass':
      return characterClass(el);
    case 'Assertion':
      // Zero-width (^, $, \b, lookarounds): adds nothing to the matched text.
      return EMPTY;
    case 'Group':
      // A modifier group (?i:…) or (?-i:…) is left alone rather than reasoned about.
      return el.modifiers ? UNKNOWN : alternatives(el.alternatives);
    case 'CapturingGroup':
      return alternatives(el.alternatives);
    case 'Quantifier':
      return quantifier(el);
    default:
      // \d, \w, ., \p{…}, backreferences, \q{…}: no literal known.
      return UNKNOWN;
  }
}

function character(value: number): Info {
  // Printable ASCII only: control characters and everything else are "unknown" (see the header).
  if (value < 0x20 || value > 0x7e) return UNKNOWN;
  return { exact: new Set([String.fromCharCode(value).toLowerCase()]), req: null };
}

function characterClass(el: AST.CharacterClass): Info {
  if (el.negate || el.unicodeSets) return UNKNOWN;
  const chars = new Set<string>();
  for (const c of el.elements) {
    if (c.type !== 'Character') return UNKNOWN;
    const one = character(c.value).exact;
    if (!one) return UNKNOWN;
    for (const x of one) chars.add(x);
  }
  return chars.size === 0 || chars.size > MAX_SET ? UNKNOWN : { exact: chars, req: null };
}

function quantifier(q: AST.Quantifier): Info {
  const inner = element(q.element);
  if (q.min === 0) {
    // x? is x or nothing; x* and x{0,n} prove nothing.
    return q.max === 1 && inner.exact ? { exact: union(inner.exact, new Set([''])), req: null } : UNKNOWN;
  }
  const req = usable(inner.req) ?? usable(inner.exact);
  return { exact: q.min === 1 && q.max === 1 ? inner.exact : null, req };
}
