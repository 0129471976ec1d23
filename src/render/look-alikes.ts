// Look-alike characters (Unicode TS #39): the skeleton two confusable strings share and the scripts
// a string mixes. The data come from packages: unhomoglyph ships Unicode's confusables.txt (the
// prototype of each confusable character), and V8's regular expressions the Script_Extensions
// property (whose value names come from unicode-match-property-value-ecmascript). A character's
// name is in char-names.ts, apart, because its table is the big one (~30 MB of memory, ~80 ms to
// load) and the plan renderers, which import this module, never name a character. Pure; results
// are cached per character, so a big list costs one Map lookup a character.
import unhomoglyph from 'unhomoglyph';
import propertyValues from 'unicode-match-property-value-ecmascript/data/mappings.js';

const prototypes = new Map<string, string>();

/** The confusables.txt prototype of one character (itself when it has none). */
function prototypeOf(ch: string): string {
  let p = prototypes.get(ch);
  if (p === undefined) {
    p = unhomoglyph(ch);
    prototypes.set(ch, p);
  }
  return p;
}

const ASCII_ONLY = /^[\u0000-\u007f]*$/;
const ASCII_PROTOTYPES: readonly string[] = Array.from({ length: 128 }, (_, c) => prototypeOf(String.fromCharCode(c)));

// Default-ignorable characters are dropped before mapping (UTS #39 section 4, since Unicode 15.1).
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39 skeleton: NFD, default-ignorables removed, each character mapped to its prototype, NFD again. */
export function skeleton(s: string): string {
  let out = '';
  if (ASCII_ONLY.test(s)) {
    // ASCII is its own NFD and has no ignorables, and its prototypes are ASCII: the common case,
    // one array lookup a character.
    for (let i = 0; i < s.length; i++) out += ASCII_PROTOTYPES[s.charCodeAt(i)]!;
    return out;
  }
  for (const ch of s.normalize('NFD').replace(IGNORABLE, '')) out += prototypeOf(ch);
  return out.normalize('NFD');
}

/** True when the character maps to a different prototype (it can pass for something else). */
export function isConfusableChar(ch: string): boolean {
  const nfd = ch.normalize('NFD');
  return skeleton(nfd) !== nfd;
}

// The scripts V8 knows, by canonical name (Common and Inherited mean "any script" and are left out).
const SCRIPTS: { name: string; re: RegExp }[] = [...new Set(propertyValues.get('Script')?.values() ?? [])]
  .filter((name) => name !== 'Common' && name !== 'Inherited')
  .flatMap((name) => {
    try {
      return [{ name, re: new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u') }];
    } catch {
      return []; // a script newer than this Node's Unicode tables
    }
  });

const scriptCache = new Map<string, ReadonlySet<string> | null>();

/** The character's Script_Extensions, or null for Common/Inherited (which go with any script). */
export function scriptsOf(ch: string): ReadonlySet<string> | null {
  let s = scriptCache.get(ch);
  if (s === undefined) {
    const found = SCRIPTS.filter((x) => x.re.test(ch)).map((x) => x.name);
    s = found.length === 0 ? null : new Set(found);
    scriptCache.set(ch, s);
  }
  return s;
}

// UTS #39 "highly restrictive": one script, or Latin with the scripts of Japanese, Chinese or Korean.
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

export interface MixedScripts {
  /** The scripts seen, the most used first. */
  scripts: string[];
  /** The characters outside the most used script, each once, in order. */
  odd: string[];
}

/** How the string mixes scripts, or null when it is single-script or an allowed CJK mix. */
export function mixedScripts(s: string): MixedScripts | null {
  const sets: ReadonlySet<string>[] = [];
  const chars: string[] = [];
  for (const ch of s) {
    if (ch.charCodeAt(0) < 0x80 && !/[A-Za-z]/.test(ch)) continue; // ASCII digits and punctuation are Common
    const set = scriptsOf(ch);
    if (set === null) continue;
    sets.push(set);
    chars.push(ch);
  }
  if (sets.length === 0) return null;
  // A script shared by every character (Script_Extensions may list several): single-script.
  const first = sets[0]!;
  if ([...first].some((name) => sets.every((set) => set.has(name)))) return null;
  if (ALLOWED_MIXES.some((mix) => sets.every((set) => [...set].some((name) => mix.has(name))))) return null;
  const counts = new Map<string, number>();
  for (const set of sets) for (const name of set) counts.set(name, (counts.get(name) ?? 0) + 1);
  const scripts = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  const main = scripts[0]!;
  const odd = [...new Set(chars.filter((_, i) => !sets[i]!.has(main)))];
  return { scripts, odd };
}

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u00a0\u2000-\u200a\u202f\u205f\u3000]/u;

/**
 * Whether a changed term is shown with its escapes in the plan: it holds an invisible character, it
 * mixes scripts, or every character of it passes for ASCII (`раураl`, all Cyrillic). A plain CJK or
 * Cyrillic word is left alone, so a list in another language is not buried in escapes.
 */
export function needsEscapes(term: string): boolean {
  if (!/[^\u0020-\u007e]/.test(term)) return false;
  if (INVISIBLE.test(term) || mixedScripts(term) !== null) return true;
  return /^[\u0020-\u007e]*$/.test(skeleton(term));
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const passCache = new Map<string, string | null>();

/**
 * The ASCII character `ch` passes for in review, or null: its confusables.txt prototype when that
 * is ASCII (Cyrillic с, Greek ο, dotless ı, Cherokee Ꭺ), else its NFKC form when that is ASCII
 * (fullwidth ｍ, mathematical 𝐬, which confusables.txt leaves to NFKC).
 */
export function asciiLookAlikeOf(ch: string): string | null {
  let p = passCache.get(ch);
  if (p === undefined) {
    const proto = skeleton(ch);
    const nfkc = ch.normalize('NFKC');
    // Turkish İ is not in confusables.txt (it is I with a dot), but lower-cased it becomes i̇, never i.
    p = ch === '\u0130' ? 'I' : ASCII_ONLY.test(proto) && proto !== '' ? proto : ASCII_ONLY.test(nfkc) && nfkc !== '' ? nfkc : null;
    // A prototype that is not a letter or digit (`ǃ` → `!`) is punctuation in review too; keep it.
    passCache.set(ch, p);
  }
  return p;
}

export interface AsciiLookAlike {
  /** The text a reader sees: each look-alike replaced by what it passes for (its NFKC form, else its prototype). */
  reads: string;
  /** The characters that pass for ASCII, each once, in order. */
  chars: string[];
}

/**
 * Whether a non-ASCII term is written, letter by letter, in characters that pass for ASCII (`ѕсаm`,
 * `kıll`, `ｓｃａｍ`): it reads as an ASCII word and catches only text typed with the same
 * look-alikes. Null for ASCII terms (one regex) and for any term holding a letter that does not
 * pass for ASCII (a word of another language).
 */
export function asciiLookAlike(term: string): AsciiLookAlike | null {
  if (ASCII_ONLY.test(term)) return null;
  let reads = '';
  const chars: string[] = [];
  for (const ch of term) {
    if (ch.charCodeAt(0) < 0x80) {
      reads += ch;
      continue;
    }
    const p = asciiLookAlikeOf(ch);
    if (p === null) return null;
    const nfkc = ch.normalize('NFKC');
    reads += ASCII_ONLY.test(nfkc) ? nfkc : ch.toLowerCase() === ch ? p.toLowerCase() : p;
    if (!chars.includes(ch)) chars.push(ch);
  }
  return chars.some((ch) => LETTER_OR_DIGIT.test(ch)) ? { reads, chars } : null;
}
