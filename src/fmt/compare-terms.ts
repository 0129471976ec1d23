// The order `kwsync fmt` sorts terms in when kwsync.yaml asks for it (`fmt: { sortTerms: true }`):
// case-folded first, so "Crypto" sits beside "crypto", then by code units, so every machine and
// locale sorts alike.
import { foldWord } from '../match/word-matcher.js';

export function compareTerms(a: string, b: string): number {
  const fa = foldWord(a);
  const fb = foldWord(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
