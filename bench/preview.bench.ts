// Benchmark (not a test): `kwsync preview`'s counting pass (startPreview) over generated chat
// messages, for a created pattern list of 1,000 bounded patterns and a created word list of
// 100,000 terms, at 1k, 10k and 100k messages (the scaling rows). Beside them, in the same run:
// running every regex on every message (the pre-prefilter way, timed on 1k messages and scaled),
// and for words the floor of folding, splitting on non-letters and a Set lookup per token.
// Targets: patterns x 100k messages <= 1 s; words >= 40 MB/s of message text.
import { foldWord } from '../src/match/word-matcher.js';
import type { Plan } from '../src/model/plan.js';
import { startPreview } from '../src/preview/index.js';
import type { Figure } from './check.js';

const PATTERNS = 1000;
const WORD_TERMS = 100_000;
const SIZES = [1_000, 10_000, 100_000];
const FILLER = ['hello', 'there', 'what', 'a', 'day', 'see', 'you', 'at', 'the', 'match', 'lol', 'ok', 'Über', 'café', '👍', 'tomorrow', 'call', 'me'];

const pattern = (i: number): string => `\\b(?:p${i % 2}x${i})[ .-]?\\d{3,10}\\b`;
const word = (i: number): string => `kw${i.toString(36)}z`;

/** Deterministic messages of 8..23 words; one in five holds a pattern hit, one in three a word term. */
function messages(count: number): { id: string; text: string }[] {
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  return Array.from({ length: count }, (_, k) => {
    const words = Array.from({ length: 8 + next(16) }, () => FILLER[next(FILLER.length)]!);
    if (next(5) === 0) words.splice(next(words.length), 0, `p${next(2)}x${next(PATTERNS)}-${100 + next(900000)}`);
    if (next(3) === 0) words.splice(next(words.length), 0, next(2) === 0 ? word(next(WORD_TERMS)).toUpperCase() : `${word(next(WORD_TERMS))},`);
    return { id: String(k), text: words.join(' ') };
  });
}

function createPlan(category: 'word' | 'pattern', searchTerms: string[]): Plan {
  const after = { id: `bench-${category}`, name: category, description: '', category, searchTerms };
  return { target: 'bench', changes: [{ kind: 'create', id: after.id, before: null, after }] } as unknown as Plan;
}

/** Total time (compile + scan) and the scan alone: the median run of three (one run moves by ±30% with the GC). */
function scan(plan: Plan, texts: { id: string; text: string }[]): { ms: number; scanMs: number; caught: number } {
  return [scanOnce(plan, texts), scanOnce(plan, texts), scanOnce(plan, texts)].sort((a, b) => a.ms - b.ms)[1]!;
}

function scanOnce(plan: Plan, texts: { id: string; text: string }[]): { ms: number; scanMs: number; caught: number } {
  const t0 = performance.now();
  const s = startPreview(plan);
  const t1 = performance.now();
  for (const m of texts) s.add(m);
  const caught = s.result([]).lists[0]!.after;
  const end = performance.now();
  return { ms: end - t0, scanMs: end - t1, caught };
}

interface Floors {
  /** Every regex on every message, timed on 1,000 messages and scaled to all. */
  everyMs: number;
  everyCaught: number;
  /** Words: fold, split on non-letters and a Set lookup per token. */
  floorMs: number;
  floorCaught: number;
}

function floors(all: { id: string; text: string }[], wordTerms: string[]): Floors {
  const full = all.slice(0, 1000);
  const regexes = Array.from({ length: PATTERNS }, (_, i) => new RegExp(pattern(i), 'iu'));
  const t0 = performance.now();
  let everyCaught = 0;
  for (const m of full) if (regexes.filter((re) => re.test(m.text)).length > 0) everyCaught++;
  const everyMs = ((performance.now() - t0) * all.length) / full.length;
  const set = new Set(wordTerms.map(foldWord));
  const t1 = performance.now();
  let floorCaught = 0;
  for (const m of all) if (foldWord(m.text).split(/[^\p{L}\p{N}\p{M}]+/u).some((w) => set.has(w))) floorCaught++;
  return { everyMs, everyCaught, floorMs: performance.now() - t1, floorCaught };
}

/** `npm run bench -- --check`: 100k messages, patterns against every regex, words against the floor. */
export async function check(): Promise<Figure[]> {
  const all = messages(SIZES[SIZES.length - 1]!);
  const patternPlan = createPlan('pattern', Array.from({ length: PATTERNS }, (_, i) => pattern(i)));
  const wordTerms = Array.from({ length: WORD_TERMS }, (_, i) => word(i));
  const wordPlan = createPlan('word', wordTerms);
  scan(patternPlan, all.slice(0, 1000)); // warm up the JIT
  const f = floors(all, wordTerms);
  const pat = scan(patternPlan, all);
  const words = scan(wordPlan, all);
  return [
    { id: 'preview-patterns', value: pat.ms / f.everyMs, unit: 'x', line: `${pat.ms.toFixed(0)} ms for ${all.length} messages and ${PATTERNS} patterns; every regex on every message ${f.everyMs.toFixed(0)} ms` },
    { id: 'preview-words', value: words.scanMs / f.floorMs, unit: 'x', line: `scan ${words.scanMs.toFixed(0)} ms for ${all.length} messages and ${WORD_TERMS} terms; floor (fold + split + Set) ${f.floorMs.toFixed(0)} ms` },
  ];
}

export default async function bench(): Promise<void> {
  const all = messages(SIZES[SIZES.length - 1]!);
  const patternPlan = createPlan('pattern', Array.from({ length: PATTERNS }, (_, i) => pattern(i)));
  const wordTerms = Array.from({ length: WORD_TERMS }, (_, i) => word(i));
  const wordPlan = createPlan('word', wordTerms);
  scan(patternPlan, all.slice(0, 1000)); // warm up the JIT
  console.log(`${PATTERNS} patterns like ${pattern(12)}; ${WORD_TERMS} word terms; messages of 8..23 words`);
  console.log('list      | messages |  MB text | total ms | µs/message | MB/s  | caught   (each the median of three runs)');
  for (const n of SIZES) {
    const texts = all.slice(0, n);
    const mb = texts.reduce((b, m) => b + Buffer.byteLength(m.text), 0) / 1e6;
    for (const [name, plan] of [['patterns', patternPlan], ['words', wordPlan]] as const) {
      const r = scan(plan, texts);
      console.log(
        `${name.padEnd(9)} | ${String(n).padStart(8)} | ${mb.toFixed(2).padStart(8)} | ${r.ms.toFixed(0).padStart(8)} | ${((r.ms * 1000) / n).toFixed(1).padStart(10)} | ${(mb / (r.ms / 1000)).toFixed(1).padStart(5)} | ${r.caught}`,
      );
    }
  }
  const mb = all.reduce((b, m) => b + Buffer.byteLength(m.text), 0) / 1e6;
  const { everyMs, everyCaught, floorMs, floorCaught } = floors(all, wordTerms);
  const pat = scan(patternPlan, all);
  const words = scan(wordPlan, all);
  console.log(`every regex on every message, ${all.length} messages (timed on 1000, scaled): ${everyMs.toFixed(0)} ms (caught ${everyCaught} of 1000)`);
  console.log(`patterns: ${pat.ms.toFixed(0)} ms for ${all.length} messages = ${(everyMs / pat.ms).toFixed(0)}x faster than every regex (target <= 1000 ms)`);
  console.log(`word floor (fold + split + Set): ${floorMs.toFixed(0)} ms = ${(mb / (floorMs / 1000)).toFixed(1)} MB/s, caught ${floorCaught}`);
  console.log(
    `words: ${words.ms.toFixed(0)} ms with the compile of ${WORD_TERMS} terms = ${(mb / (words.ms / 1000)).toFixed(1)} MB/s; the scan alone ${words.scanMs.toFixed(0)} ms = ${(mb / (words.scanMs / 1000)).toFixed(1)} MB/s, ${(words.scanMs / floorMs).toFixed(2)}x the floor; caught ${words.caught} (target >= 40 MB/s)`,
  );
}
