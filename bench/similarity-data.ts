// Deterministic chat messages and sentence lists for the similarity bench (no network): a seeded
// generator mixing short repeated chatter ("ok", "lol"), everyday sentences, spam, scams and abuse,
// with one message in fifty a long paste, so repeats and lengths look like a real app's history.

const SHORT = ['ok', 'lol', 'hi', 'thanks!', 'yes', 'no', 'haha', 'see you', 'gm', 'good night', '👍', 'brb', 'what?', 'sure', 'omg'];
const SUBJECTS = ['the match', 'my order', 'the meeting', 'dinner', 'the new update', 'your photo', 'the game', 'this weekend', 'the delivery', 'my account'];
const EVERYDAY = [
  'are we still on for {s}?',
  'did you see {s} yesterday',
  'I think {s} was moved to friday',
  "can't wait for {s}!!",
  'what time is {s} again',
  'sorry, running late for {s}',
  'has anyone heard about {s}?',
];
const BAD = [
  'buy cheap {x} now, no prescription needed',
  'click this link to claim your free {x}',
  'send me your password and I will fix {s}',
  'you are such a pathetic {y}',
  'invest 100 in {x} and get 1000 back tomorrow',
  'nobody wants you here, {y}',
  'dm me for {x} at half price',
];
const X = ['pills', 'crypto', 'gift cards', 'followers', 'iphones', 'bitcoin', 'watches'];
const Y = ['loser', 'idiot', 'clown', 'freak', 'moron'];
const NAMES = ['sam', 'alex', 'kim', 'jo', 'lee', 'max', 'ana', 'raj', 'mia', 'tom', 'eva', 'li'];
const THEMES = ['spam offers', 'phishing', 'harassment', 'investment scams', 'self harm', 'hate', 'doxxing', 'adult content', 'threats', 'fake giveaways'];

/** mulberry32: a small seeded generator (a plain LCG's draws are too correlated for this mix). */
export function seeded(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

const fill = (t: string, next: (n: number) => number): string =>
  t.replace('{s}', SUBJECTS[next(SUBJECTS.length)]!).replace('{x}', X[next(X.length)]!).replace('{y}', Y[next(Y.length)]!);

export function chatMessages(count: number, seed = 11): string[] {
  const next = seeded(seed);
  return Array.from({ length: count }, (_, k) => {
    const r = next(100);
    if (r < 25) return SHORT[next(SHORT.length)]!;
    if (r < 27) return Array.from({ length: 40 + next(80) }, () => fill(EVERYDAY[next(EVERYDAY.length)]!, next)).join(' ').slice(0, 800);
    const base = fill((r < 40 ? BAD : EVERYDAY)[next(r < 40 ? BAD.length : EVERYDAY.length)]!, next);
    // Most messages carry a distinct tail, as real ones do (names, numbers, emoji).
    const tail = [`@${NAMES[next(NAMES.length)]}`, `#${k}`, `${next(10_000)}`, '😂', 'pls', 'asap', 'at 5', 'x'];
    return next(5) === 0 ? base : `${base} ${tail[next(tail.length)]} ${tail[next(tail.length)]}`;
  });
}

/** `lists` sentence lists of `perList` sentences each. */
export function sentenceLists(lists: number, perList: number, seed = 5): string[][] {
  const next = seeded(seed);
  return Array.from({ length: lists }, (_, l) =>
    Array.from({ length: perList }, (_, i) => `${fill(BAD[(l + i) % BAD.length]!, next)} (${THEMES[l % THEMES.length]} ${i})`),
  );
}
