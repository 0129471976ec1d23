// The labelled corpus's shape (counts pinned: the thresholds in src/similarity/threshold.ts were
// chosen from exactly this corpus) and the calibration arithmetic on a tiny synthetic vector set,
// no model needed.
import { loadCorpus } from '../../src/similarity/corpus/index.js';
import { chooseThreshold, maxScores, neutralShare, ratesAt, recallAtZeroFp, thresholdGrid } from '../../src/similarity/corpus/calibrate.js';

describe('the corpus', () => {
  it('holds the label counts the thresholds were calibrated on', async () => {
    const c = await loadCorpus();
    expect({
      disallowed: c.topics.length,
      variants: c.topics.filter((t) => t.variant !== t.sentence).length,
      paraphrases: c.topics.reduce((n, t) => n + t.paraphrases.length, 0),
      hardNegatives: c.hardNegatives.length,
      neutral: c.neutral.length,
      generic: c.generic.length,
    }).toEqual({ disallowed: 13, variants: 13, paraphrases: 52, hardNegatives: 65, neutral: 105, generic: 10 });
    expect(c.hardNegatives.length + c.neutral.length).toBeGreaterThanOrEqual(150);
  });

  it('gives every disallowed sentence 3+ paraphrases and hard negatives, and holds no text twice', async () => {
    const c = await loadCorpus();
    const topics = new Set(c.topics.map((t) => t.topic));
    for (const t of c.topics) {
      expect({ topic: t.topic, paraphrases: t.paraphrases.length >= 3, hard: c.hardNegatives.filter((h) => h.topic === t.topic).length >= 3 }).toEqual({ topic: t.topic, paraphrases: true, hard: true });
    }
    expect(c.hardNegatives.filter((h) => !topics.has(h.topic))).toEqual([]);
    const all = [...c.topics.flatMap((t) => [t.sentence, t.variant, ...t.paraphrases]), ...c.hardNegatives.map((h) => h.text), ...c.neutral, ...c.generic].map((s) => s.toLowerCase());
    expect(all.filter((s, i) => all.indexOf(s) !== i)).toEqual([]);
    // English text, no stray control or look-alike characters.
    expect(all.filter((s) => !/^[\x20-\x7e]+$/.test(s))).toEqual([]);
  });
});

describe('calibration arithmetic', () => {
  const unit = (...v: number[]) => {
    const n = Math.hypot(...v);
    return Float32Array.from(v, (x) => x / n);
  };

  it('scores each message by its nearest reference', () => {
    const refs = [unit(1, 0, 0), unit(0, 1, 0)];
    const scores = maxScores([unit(1, 0, 0), unit(1, 1, 0), unit(0, 0, 1)], refs);
    expect(scores[0]).toBeCloseTo(1, 6);
    expect(scores[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(scores[2]).toBeCloseTo(0, 6);
    expect(maxScores([unit(1, 0, 0)], [])).toEqual([-1]);
  });

  const positives = [0.9, 0.8, 0.7, 0.6, 0.5];
  const negatives = [0.65, 0.4, 0.3, 0.2];

  it('counts recall and false-positive rate at a threshold (at or above is caught)', () => {
    expect(ratesAt(positives, negatives, 0.6)).toEqual({ threshold: 0.6, caught: 4, recall: 0.8, falsePositives: 1, fpr: 0.25 });
    expect(ratesAt(positives, negatives, 0.7)).toEqual({ threshold: 0.7, caught: 3, recall: 0.6, falsePositives: 0, fpr: 0 });
    expect(ratesAt([], [], 0.5)).toMatchObject({ recall: 0, fpr: 0 });
  });

  it('recall at 0 false positives: the positives above the highest negative', () => {
    expect(recallAtZeroFp(positives, negatives)).toEqual({ above: 0.65, caught: 3, recall: 0.6 });
    expect(recallAtZeroFp(positives, [])).toEqual({ above: -1, caught: 5, recall: 1 });
  });

  it('chooses the lowest grid threshold within both false-positive bounds', () => {
    const hard = [0.55, 0.45, 0.35, 0.25];
    const neutral = [0.52, 0.3, 0.2, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1];
    // Neutral at most 10%: one of ten may be caught, so 0.31 (0.52 caught, 0.3 not); hard unbounded.
    expect(chooseThreshold({ positives, hard, neutral }, { maxNeutralFpr: 0.1, maxHardFpr: 1 })).toBe(0.31);
    // Hard at most 25% too: only 0.55 may be caught, so 0.46.
    expect(chooseThreshold({ positives, hard, neutral }, { maxNeutralFpr: 0.1, maxHardFpr: 0.25 })).toBe(0.46);
    expect(chooseThreshold({ positives, hard: [1], neutral }, { maxNeutralFpr: 0, maxHardFpr: 0 })).toBeNull();
  });

  it('builds the 0.50 ... 0.80 table grid and the share of a reference set caught', () => {
    expect(thresholdGrid(0.5, 0.8, 0.05)).toEqual([0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]);
    expect(neutralShare([0.6, 0.5, 0.2, 0.1], 0.5)).toBe(0.5);
  });
});
