// Benchmark (not a test): the word matcher (Aho-Corasick) with 100,000 single-word terms over
// 10,000 chat messages, beside a baseline in the same run: fold the text, split it into word
// tokens and look each up in a Set. The baseline only handles single-word terms; the matcher also
// does multi-word and punctuated terms, so the ratio is the price of that generality.
import { compileWordMatcher, foldWord } from '../src/match/word-matcher.js';

const TERMS = 100_000;
const MESSAGES = 10_000;
const FILLER = ['hello', 'there', 'what', 'a', 'day', 'see', 'you', 'at', 'the', 'match', 'lol', 'ok', 'Über', 'café', '👍', 'tomorrow'];

const term = (i: number): string => `kw${i.toString(36)}z`;

// Deterministic messages of 8 to 23 words; about one in three holds a term, some in upper case.
function messages(): string[] {
  let seed = 42;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  return Array.from({ length: MESSAGES }, () => {
    const words = Array.from({ length: 8 + next(16) }, () => FILLER[next(FILLER.length)]!);
    if (next(3) === 0) {
      const t = term(next(TERMS));
      words.splice(next(words.length), 0, next(2) === 0 ? t.toUpperCase() : `${t},`);
    }
    return words.join(' ');
  });
}

function time<T>(run: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = run();
  return { ms: performance.now() - start, value };
}

export default async function bench(): Promise<void> {
  const terms = Array.from({ length: TERMS }, (_, i) => term(i));
  const texts = messages();

  const acCompile = time(() => compileWordMatcher(terms));
  const acMatch = time(() => texts.filter((t) => acCompile.value.matches(t).length > 0).length);

  const setCompile = time(() => new Set(terms.map(foldWord)));
  const setMatch = time(
    () => texts.filter((t) => foldWord(t).split(/[^\p{L}\p{N}\p{M}]+/u).some((w) => setCompile.value.has(w))).length,
  );

  const row = (name: string, c: number, m: number, caught: number): string =>
    `${name.padEnd(28)} compile ${c.toFixed(0).padStart(6)} ms   match ${m.toFixed(0).padStart(6)} ms   ${caught} of ${MESSAGES} messages caught`;
  console.log(`${TERMS} terms, ${MESSAGES} messages`);
  console.log(row('word matcher (Aho-Corasick)', acCompile.ms, acMatch.ms, acMatch.value));
  console.log(row('baseline (Set of tokens)', setCompile.ms, setMatch.ms, setMatch.value));
  console.log(`ratio: compile ${(acCompile.ms / setCompile.ms).toFixed(1)}x, match ${(acMatch.ms / setMatch.ms).toFixed(1)}x` +
    `, per message ${((acMatch.ms * 1000) / MESSAGES).toFixed(0)} µs vs ${((setMatch.ms * 1000) / MESSAGES).toFixed(0)} µs`);
  if (acMatch.value !== setMatch.value) console.log('WARNING: the two sides caught different message counts');
}
