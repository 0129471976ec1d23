// Types of bench/apply-child.mjs for bench/apply.bench.ts.
import type { KeywordList } from '../src/model/keyword-list.js';

export const CONCURRENCY: number;
export function listsOf(n: number, round: number): KeywordList[];
