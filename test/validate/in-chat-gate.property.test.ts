// checkTerms sends a word-list term to the in-chat checks through inChatGate: a test for a character
// outside ASCII, then IN_CHAT_GATE's Unicode property classes. The cheap test must never skip a term
// the full check flags: on terms mixing ASCII with characters of each of the gate's alternatives
// (scripts without spaces, Katakana, the case languages' letters, the abjads' marks and tatweel),
// inChatGate answers as IN_CHAT_GATE does, and a term that IN_CHAT_GATE and checkInChat flag passes it.
import fc from 'fast-check';
import { checkInChat, IN_CHAT_GATE, inChatGate } from '../../src/validate/rules/term-in-chat.js';
import { propertyRuns } from '../helpers/runs.js';

// ASCII of every kind (letters, digits, punctuation, controls), and characters each alternative of
// IN_CHAT_GATE reads, with neighbours that it does not (Latin accents, Cyrillic, Devanagari marks).
const CHARS = [
  'a', 'I', 'i', 'z', '0', ' ', '-', "'", '.', '\t', '\u007f', '\u0000',
  '傻', '逼', 'ひ', 'カ', 'ー', 'ก', 'ຂ', 'ក', 'က', '\u0e31', // no spaces: Han, kana, Thai, Lao, Khmer, Myanmar
  'ı', 'İ', 'ğ', 'Ş', 'Ì', 'Į', 'ά', 'Σ', 'ς', 'ἀ', // the case languages
  'ك', 'ل', '\u064e', '\u0651', '\u0640', 'ש', '\u05b8', 'ܐ', '\u0730', // Arabic, Hebrew, Syriac marks, tatweel
  'é', 'e\u0301', 'ß', 'Ж', '\u093f', '😀', '\u00a0', '\u3000',
];
const term = fc.oneof(
  fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 8 }).map((cs) => cs.join('')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 8 }),
);

test('inChatGate never skips a term the full in-chat check flags (it answers as IN_CHAT_GATE)', () => {
  fc.assert(
    fc.property(term, (t) => {
      const full = IN_CHAT_GATE.test(t);
      expect(inChatGate(t)).toBe(full);
      if (full && checkInChat([t], [0]).length > 0) expect(inChatGate(t)).toBe(true);
    }),
    { numRuns: propertyRuns(4000, 40000), seed: 4151 },
  );
});

test('an ASCII term, which the cheap test skips, gets no in-chat finding even with no gate at all', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 10 }), (t) => {
      expect(inChatGate(t)).toBe(false);
      expect(checkInChat([t], [0])).toEqual([]);
    }),
    { numRuns: propertyRuns(500, 5000), seed: 4152 },
  );
});

test('the gate lets through a term of each alternative (examples of the invariant)', () => {
  for (const t of ['傻逼', 'ควาย', 'バカ', 'kız', 'İstanbul', 'κακός', 'كَلب', 'كـلب', 'שָׁלוֹם']) expect(inChatGate(t)).toBe(true);
  for (const t of ['scam', 'Scam Now', 'café', 'дурак', "o'neil"]) expect(inChatGate(t)).toBe(false);
});
