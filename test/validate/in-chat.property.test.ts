// Issue 41 item 1: every word-list term is tested against how its script and language write it in
// chat. Terms are generated in fourteen scripts, and each is embedded the ways people write it,
// independently of the check's own forms: inside running text (no spaces where the script has
// none), without optional vowel marks, in its language's own lower and upper case, with chat
// punctuation around it. The invariant: kwsync's word matcher catches every such message, or the
// validate check warns at the term. KWSYNC_LONG=1 runs it 2,000 times.
import fc from 'fast-check';
import { compileWordMatcher } from '../../src/match/word-matcher.js';
import { checkInChat, IN_CHAT_GATE } from '../../src/validate/rules/term-in-chat.js';

/** Letters of a code point range that are letters of the named script (read from Unicode's data by the regex engine). */
function letters(from: number, to: number, script: string, extra = ''): string[] {
  const re = new RegExp(`^(?=\\p{L})\\p{Script=${script}}$`, 'u');
  const out: string[] = [];
  for (let cp = from; cp <= to; cp++) if (re.test(String.fromCodePoint(cp))) out.push(String.fromCodePoint(cp));
  return [...out, ...[...extra]];
}

interface Script {
  name: string;
  letters: string[];
  /** Marks that may sit after a letter (optional vowel marks of the abjads). */
  marks?: string[];
  /** Written without spaces between words. */
  unspaced: boolean;
  /** The script running text around it is written in (Japanese text around Katakana is kana and kanji). */
  around?: string[];
  /** Languages whose own case mappings the term is written for. */
  locales?: string[];
}

const SCRIPTS: Script[] = [
  { name: 'Han', letters: letters(0x4e00, 0x4fff, 'Han'), unspaced: true },
  { name: 'Hiragana', letters: letters(0x3041, 0x3096, 'Hiragana'), unspaced: true },
  { name: 'Katakana', letters: letters(0x30a1, 0x30fa, 'Katakana'), unspaced: true, around: letters(0x3041, 0x3096, 'Hiragana') },
  { name: 'Thai', letters: letters(0x0e01, 0x0e2e, 'Thai'), unspaced: true },
  { name: 'Lao', letters: letters(0x0e81, 0x0eae, 'Lao'), unspaced: true },
  { name: 'Khmer', letters: letters(0x1780, 0x17a2, 'Khmer'), unspaced: true },
  { name: 'Myanmar', letters: letters(0x1000, 0x102a, 'Myanmar'), unspaced: true },
  { name: 'Arabic', letters: letters(0x0621, 0x064a, 'Arabic'), marks: ['\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u064b'], unspaced: false },
  { name: 'Hebrew', letters: letters(0x05d0, 0x05ea, 'Hebrew'), marks: ['\u05b0', '\u05b4', '\u05b7', '\u05b8', '\u05b9', '\u05bc'], unspaced: false },
  { name: 'Greek', letters: letters(0x03ac, 0x03ce, 'Greek'), unspaced: false, locales: ['el'] },
  { name: 'Turkish Latin', letters: [...'abcçdefgğhıijklmnoöprsştuüvyz', 'İ'], unspaced: false, locales: ['tr'] },
  { name: 'Cyrillic', letters: letters(0x0430, 0x044f, 'Cyrillic'), unspaced: false },
  { name: 'Devanagari', letters: letters(0x0915, 0x0939, 'Devanagari'), unspaced: false },
  { name: 'Hangul', letters: letters(0xac00, 0xac00 + 400, 'Hangul'), unspaced: false },
];

const PUNCTUATION: [string, string][] = [['', '!'], ['', '?!'], ['¡', '!'], ['"', '"'], ['(', ')'], ['', '...'], ['', '،'], ['', '。'], ['「', '」'], ['*', '*'], ['@x ', ''], ['', ' 😡']];
const OPTIONAL = /(?=\p{Mn})(?=\p{Diacritic})[\p{scx=Arabic}\p{scx=Hebrew}]/gu;

/** The messages that should catch `term`, written the ways item 1 names. */
function messages(term: string, s: Script, before: string, after: string, punct: [string, string]): { text: string; way: string }[] {
  const out: { text: string; way: string }[] = [];
  out.push({ text: s.unspaced ? `${before}${term}${after}` : `${before} ${term} ${after}`, way: 'running text' });
  out.push({ text: `${punct[0]}${term}${punct[1]}`, way: 'punctuation' });
  const bare = term.replace(OPTIONAL, '');
  if (bare !== term) out.push({ text: `${before} ${bare} ${after}`, way: 'without marks' });
  for (const lang of s.locales ?? []) {
    out.push({ text: `${before} ${term.toLocaleLowerCase(lang)} ${after}`.toLocaleLowerCase(lang), way: 'lower case' });
    out.push({ text: `${before} ${term.toLocaleUpperCase(lang)} ${after}`.toLocaleUpperCase(lang), way: 'capitals' });
  }
  return out;
}

const LONG = process.env.KWSYNC_LONG === '1';
const RUNS = LONG ? 2000 : 200;
const SEED = 4141;

test('every generated term in fourteen scripts is caught the ways chat writes it, or warned at the term', () => {
  const tally = { terms: 0, messages: 0, caught: 0, warned: 0, quiet: 0, scripts: new Set<string>() };
  const script = fc.constantFrom(...SCRIPTS);
  const sample = script.chain((s) =>
    fc.record({
      s: fc.constant(s),
      word: fc.array(fc.tuple(fc.constantFrom(...s.letters), s.marks ? fc.option(fc.constantFrom(...s.marks), { freq: 2 }) : fc.constant(null)), { minLength: 1, maxLength: 5 }),
      before: fc.array(fc.constantFrom(...(s.around ?? s.letters)), { minLength: 1, maxLength: 3 }).map((a) => a.join('')),
      after: fc.array(fc.constantFrom(...(s.around ?? s.letters)), { minLength: 1, maxLength: 3 }).map((a) => a.join('')),
      punct: fc.constantFrom(...PUNCTUATION),
    }),
  );
  fc.assert(
    fc.property(sample, ({ s, word, before, after, punct }) => {
      // A Turkish term is known by a letter only Turkish (and Azerbaijani) writes; an all-ASCII word
      // in a Turkish list ("sik") is not told from English, which the report names as left undone.
      const written = word.map(([l, m]) => l + (m ?? '')).join('');
      const term = s.locales?.includes('tr') && !/[ıİşğ]/.test(written) ? `${written}ı` : written;
      const findings = IN_CHAT_GATE.test(term) ? checkInChat([term], [0]) : [];
      const matcher = compileWordMatcher([term]);
      tally.terms++;
      tally.scripts.add(s.name);
      const missed: string[] = [];
      for (const m of messages(term, s, before, after, punct)) {
        tally.messages++;
        if (matcher.matches(m.text).includes(term)) tally.caught++;
        else missed.push(`${m.way}: ${m.text}`);
      }
      if (missed.length > 0) tally.warned++;
      else if (findings.length === 0) tally.quiet++;
      // Caught every way, or a finding at the term says why not.
      expect({ term, script: s.name, missed, warned: missed.length === 0 || findings.length > 0 }).toEqual({ term, script: s.name, missed, warned: true });
    }),
    { numRuns: RUNS, seed: SEED },
  );
  console.log(
    `in-chat property: ${RUNS} runs, seed ${SEED}: ${tally.terms} terms in ${tally.scripts.size} scripts, ${tally.messages} messages, ${tally.caught} caught by the matcher, ${tally.warned} terms missed somewhere and warned, ${tally.quiet} caught every way and quiet`,
  );
  expect(tally.scripts.size).toBeGreaterThanOrEqual(10);
});

test('the check warns where the matcher misses, and is quiet on lists written as chat writes them', () => {
  const rules = (terms: string[]) => checkInChat(terms, terms.map((_, i) => i)).map((f) => `${terms[f.index]}: ${f.rule} ${f.severity}`);
  // Correct lists in each script: quiet.
  expect(rules(['傻逼', '去死', '死ね', 'キモい', 'كلب', 'זונה', 'μαλακας', 'сука', 'कुत्ता', '씨발'])).toEqual([]);
  // Thai, Lao, Khmer, Burmese: caught in kwsync's model, told once a list that the service's word edges are unpublished.
  expect(rules(['ควาย', 'ເຫ້ຍ', 'ឆ្កួត', 'ခွေး'])).toEqual(['ควาย: term-in-chat warning']);
  // Vowel marks, Turkish capitals, Greek capitals: warned, with what works instead.
  expect(rules(['كَلْب', 'İdiot', 'kız', 'μαλάκας'])).toEqual(['كَلْب: term-optional-marks warning', 'İdiot: term-language-case error', 'kız: term-language-case warning', 'μαλάκας: term-language-case warning']);
  // The form people type already in the list: quiet.
  expect(rules(['كَلْب', 'كلب', 'kız', 'KIZ'])).toEqual([]);
});
