// Every word-list term tested against how its script and language are written in chat: for each
// term, the messages that should catch it are generated from Unicode data (the term inside running
// text with no spaces where its script has none, without the optional vowel marks of the abjads, in
// its language's own lower and upper case, with the punctuation chat puts around it) and run
// through kwsync's own word matcher. Where the matcher misses one, a finding at the term says why
// and what works instead. The matcher and the check agree by construction: the check runs it.
// Only terms that can be written another way reach it (inChatGate), so a big ASCII list costs one
// test for a character outside ASCII per non-plain term.
import { compileWordMatcher, foldWord, UNSPACED } from '../../match/word-matcher.js';
import { code, quote } from '../../load/quote-value.js';

export interface InChatFinding {
  /** Index of the term in the list. */
  index: number;
  rule: 'term-optional-marks' | 'term-language-case' | 'term-in-chat';
  severity: 'error' | 'warning';
  message: string;
  /** The terms to write instead (the term itself first when it stays). */
  fixed?: string[];
}

// The Unicode property classes below cost about 0.2 ms each to parse, which module load would pay
// on every validate; only a list with a term past the gate (inChatGate) uses them, so each is
// compiled on first use.
const lazy = <T>(make: () => T): (() => T) => {
  let re: T | undefined;
  return () => (re ??= make());
};
/**
 * Vowel points and other diacritics of the abjads (Arabic, Hebrew, Syriac), where vowels are
 * optional marks that everyday writing leaves out: nonspacing marks (Mn) with the Diacritic
 * property whose scripts (Script_Extensions) are those; and Arabic's tatweel, the Extender that
 * stretches a word for looks (`كـلب`). Devanagari or Thai vowel signs are letters'
 * parts, not optional, and have other scripts or lack the property.
 */
const OPTIONAL_MARK_SOURCE = String.raw`(?=\p{Mn})(?=\p{Diacritic})[\p{scx=Arabic}\p{scx=Hebrew}\p{scx=Syriac}]|(?=\p{Extender})\p{scx=Arabic}`;
const optionalMark = lazy(() => new RegExp(OPTIONAL_MARK_SOURCE, 'u'));
const optionalMarks = lazy(() => new RegExp(OPTIONAL_MARK_SOURCE, 'gu'));
/**
 * The languages whose own case mappings differ from Unicode's default: the conditions of
 * SpecialCasing.txt (Turkish, Azerbaijani, Lithuanian) and Greek, whose capitals drop the accents
 * (ICU's Greek upper-casing).
 */
const CASE_LANGUAGES = ['tr', 'az', 'lt', 'el'] as const;
const LANGUAGE_NAMES: Record<(typeof CASE_LANGUAGES)[number], string> = { tr: 'Turkish', az: 'Azerbaijani', lt: 'Lithuanian', el: 'Greek' };
/**
 * A letter that some CASE_LANGUAGES case differently, or that only they write (Turkish ğ, ş: a term
 * holding one is Turkish, so its i's capitals are İ): the gate; each is confirmed by toLocale*Case.
 */
const LANGUAGE_CASED = /[\u0130\u0131\u011e\u011f\u015e\u015f\u00cc\u00cd\u0128\u012e\u0386-\u03ce\u1f00-\u1ffe]/u;
const greek = lazy(() => /\p{Script=Greek}/u);
/**
 * Scripts of Line_Break=SA (complex context), whose word edges Unicode leaves to a dictionary: the
 * matcher counts every letter edge as a word edge there, which the service may not (its matching is
 * unpublished), and which also finds a term inside a longer word. Said once a list.
 */
const complex = lazy(() => /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tai_Le}\p{Script=New_Tai_Lue}\p{Script=Tai_Tham}\p{Script=Tai_Viet}\p{Script=Ahom}]/u);
const complexNames = lazy((): [RegExp, string][] => [
  [/\p{Script=Thai}/u, 'Thai'],
  [/\p{Script=Lao}/u, 'Lao'],
  [/\p{Script=Khmer}/u, 'Khmer'],
  [/\p{Script=Myanmar}/u, 'Burmese'],
]);
/** Chinese and Japanese put no space between the characters of a word: a space there is never typed. */
const CJK_SPACED_SOURCE = String.raw`([\p{Ideographic}\p{scx=Hiragana}\p{scx=Katakana}])[ \u3000]+(?=[\p{Ideographic}\p{scx=Hiragana}\p{scx=Katakana}])`;
const cjkSpaced = lazy(() => new RegExp(CJK_SPACED_SOURCE, 'gu'));
const cjkSpacedOne = lazy(() => new RegExp(CJK_SPACED_SOURCE, 'u'));
/** What can make a term written differently in chat than in the list (every term passes inChatGate, which tests this last). */
export const IN_CHAT_GATE = new RegExp(`${UNSPACED.source}|${LANGUAGE_CASED.source}|${OPTIONAL_MARK_SOURCE}|[\\p{scx=Katakana}]`, 'u');
/** Every alternative of IN_CHAT_GATE is a character outside ASCII. */
const NON_ASCII = /[^\0-\x7f]/;

/**
 * IN_CHAT_GATE behind a test for a character outside ASCII, which each of its alternatives needs:
 * the same answer, and the property classes are never run on an ASCII term (on a cold regex they
 * cost ~0.3 µs a term; test/validate/in-chat-gate.property.test.ts holds the two to each other).
 */
export function inChatGate(term: string): boolean {
  return NON_ASCII.test(term) && IN_CHAT_GATE.test(term);
}

/** Chat punctuation around a word, from several writing traditions. */
const AROUND: readonly [string, string][] = [
  ['', '!!'],
  ['¿', '?'],
  ['«', '»'],
  ['(', ')'],
  ['@user ', '…'],
  ['「', '」'],
  ['', '\u060c'], // Arabic comma
  ['', '\u3002'], // ideographic full stop
];

interface Form {
  text: string;
  rule: InChatFinding['rule'];
  /** What the form is, for the message. */
  what: string;
  /** The form's term as typed (the missed spelling), for the fix. */
  typed?: string;
  language?: (typeof CASE_LANGUAGES)[number];
}

// One segmenter for every term: constructing one costs more than segmenting a term with it.
let graphemeSegmenter: Intl.Segmenter | undefined;
const graphemes = (s: string): string[] => Array.from((graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(s), (g) => g.segment);

/** The messages that should catch `term`, each with what it stands for. */
export function chatForms(term: string): Form[] {
  const out: Form[] = [];
  const g = graphemes(term);
  const first = g[0] ?? '';
  const last = g.at(-1) ?? '';
  // Running text without spaces: the term between letters of its own script (its own edge letters).
  if (UNSPACED.test(first) || UNSPACED.test(last)) {
    out.push({ text: `${last}${term}${first}`, rule: 'term-in-chat', what: 'inside running text without spaces' });
  }
  for (const [open, close] of AROUND) out.push({ text: `${open}${term}${close}`, rule: 'term-in-chat', what: `with chat punctuation (${open}${close})` });
  if (optionalMark().test(term)) {
    const bare = term.replace(optionalMarks(), '');
    if (bare.trim() !== '') out.push({ text: `x ${bare} x`, rule: 'term-optional-marks', what: 'without its vowel marks', typed: bare });
  }
  if (LANGUAGE_CASED.test(term)) {
    for (const lang of CASE_LANGUAGES) {
      // The language cases the term its own way (Greek capitals drop accents only within a word, so
      // the whole term is compared), or a letter's capital lowers to another letter (ı → I → i).
      const lower = term.toLocaleLowerCase(lang);
      const upper = term.toLocaleUpperCase(lang);
      // Greek is always tried: its final sigma depends on the letters around it (SpecialCasing.txt).
      const greekTerm = lang === 'el' && greek().test(term);
      if (!greekTerm && lower === term.toLowerCase() && upper === term.toUpperCase() && ![...term].some((c) => c.charCodeAt(0) > 0x7f && c.toLocaleUpperCase(lang).toLowerCase() !== c.toLowerCase())) continue;
      out.push({ text: `x ${lower} x`, rule: 'term-language-case', what: `in ${LANGUAGE_NAMES[lang]} lower case`, typed: lower, language: lang });
      out.push({ text: `X ${upper} X`, rule: 'term-language-case', what: `in ${LANGUAGE_NAMES[lang]} capitals`, typed: upper, language: lang });
    }
  }
  return out;
}

/**
 * The findings for the terms at `indexes` of `values` (each passed inChatGate): one matcher of
 * those terms, the chat forms of each run through it; a term missed by a form gets one finding per
 * rule, for the first form missed.
 */
export function checkInChat(values: readonly string[], indexes: readonly number[]): InChatFinding[] {
  if (indexes.length === 0) return [];
  const matcher = compileWordMatcher(indexes.map((i) => values[i]!));
  // A spelling the list already holds as its own term catches that form: built on the first miss.
  let held: Set<string> | undefined;
  const holds = (typed: string | undefined): boolean => typed !== undefined && (held ??= new Set(values.map(foldWord))).has(foldWord(typed));
  const out: InChatFinding[] = [];
  const complexTerms = indexes.filter((i) => complex().test(values[i]!));
  if (complexTerms.length > 0) {
    const first = values[complexTerms[0]!]!;
    const script = complexNames().find(([re]) => re.test(first))?.[1] ?? 'This script';
    const g = graphemes(first);
    const running = `${g.at(-1)}${first}${g[0]}`;
    const named = complexTerms.slice(0, 3).map((i) => quote(values[i])).join(', ') + (complexTerms.length > 3 ? `, and ${complexTerms.length - 3} more` : '');
    out.push({
      index: complexTerms[0]!,
      rule: 'term-in-chat',
      severity: 'warning',
      message: `${script} is written without spaces between words, and Unicode leaves its word edges to a dictionary: kwsync counts every letter edge as a word edge, so in its tests ${named} ${complexTerms.length > 1 ? 'are' : 'is'} caught inside running text (${quote(running)}) and inside longer words, but the service's word matching is not published and may want spaces around a term; a pattern list catches the terms anywhere for certain: move them to one (each escaped as written), or try one message on the live app and accept term-in-chat`,
    });
  }
  for (const i of indexes) {
    const term = values[i]!;
    const seen = new Set<string>();
    if (cjkSpacedOne().test(term)) {
      const fixed = term.replace(cjkSpaced(), '$1');
      out.push({
        index: i,
        rule: 'term-in-chat',
        severity: 'error',
        fixed: [fixed],
        message: `${quote(term)} has a space between characters, but Chinese and Japanese put none between the characters of a word, so no message holds it as written; write it without the space: ${code(fixed)}`,
      });
      continue;
    }
    const forms = chatForms(term);
    for (const f of forms) {
      if (seen.has(f.rule) || matcher.matches(f.text).includes(term) || holds(f.typed)) continue;
      seen.add(f.rule);
      out.push(finding(i, term, f, forms, (o) => matcher.matches(o.text).includes(term) || holds(o.typed)));
    }
  }
  return out;
}

function finding(index: number, term: string, f: Form, forms: readonly Form[], caught: (f: Form) => boolean): InChatFinding {
  if (f.rule === 'term-optional-marks') {
    const bare = f.typed!;
    return {
      index,
      rule: f.rule,
      severity: 'warning',
      fixed: [term, bare],
      message: `${quote(term)} is written with vowel marks or a tatweel (${marksOf(term)}), which everyday writing in its script leaves out, and a word list matches the marks too, so ${quote(bare)} as people type it is not caught; add the form without marks beside it: ${code(bare)}`,
    };
  }
  if (f.rule === 'term-language-case') {
    const lang = f.language!;
    const name = LANGUAGE_NAMES[lang];
    const lowerMissed = forms.some((o) => o.language === lang && o.what.endsWith('lower case') && !caught(o));
    const lower = term.toLocaleLowerCase(lang);
    if (lowerMissed) {
      // The term's own lower case is not the language's: the language's lower case is what people type.
      return {
        index,
        rule: f.rule,
        severity: 'error',
        fixed: [lower],
        message: `in ${name}, ${quote(term)} is ${quote(lower)} in lower case, but case-insensitive matching lowers it by Unicode's default (${quote(term.toLowerCase())}), so ${quote(lower)} as ${name} is typed is never caught; write the term in ${name} lower case: ${code(lower)}`,
      };
    }
    const caps = f.typed!;
    const read = caps.toLowerCase();
    const why = read.includes('\u0307') ? `lowers İ to i with a combining dot (${quote(read)})` : `reads it as ${quote(read)}, another spelling`;
    return {
      index,
      rule: f.rule,
      severity: 'warning',
      fixed: [term, caps],
      message: `in ${name} capitals ${quote(term)} is ${quote(caps)}, and case-insensitive matching ${why}, so a message in capitals is not caught; add the capitals beside it (a word list ignores case, so they catch that spelling in any case): ${code(caps)}`,
    };
  }
  const pattern = term.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  return {
    index,
    rule: f.rule,
    severity: 'warning',
    message: `${quote(term)} ${f.what} (${quote(f.text, 30)}) is not caught: a word list needs a word edge at both ends of the term, and there the characters around it join it into a longer word; to catch it inside other words, put it in a pattern list: ${code(pattern)}`,
  };
}

function marksOf(term: string): string {
  const marks = [...new Set(term.match(optionalMarks()) ?? [])];
  return marks
    .slice(0, 3)
    .map((m) => `U+${m.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(', ')
    .concat(marks.length > 3 ? ', …' : '');
}
