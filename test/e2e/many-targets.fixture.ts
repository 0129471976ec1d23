// The twelve targets of the many-targets e2e tests (issue 21): the list files, each target's
// selection (include by paths and ids, exclude, overrides) with the lists it takes, and the two apps
// edited live. Shared by many-targets.e2e.test.ts (plan, apply, drift through the CLI) and
// many-targets-status.e2e.test.ts (the Action's apply records and `kwsync status`).
import { stringify } from 'yaml';

/** The list files: id -> category and terms. The file is `<id>.yaml`, so path globs select by prefix. */
export const LISTS: Record<string, { category: 'word' | 'pattern' | 'sentence-similarity'; terms: string[] }> = {
  'common-greetings': { category: 'word', terms: ['hello', 'hi'] },
  'common-spam': { category: 'word', terms: ['free money', 'click here'] },
  'common-phones': { category: 'pattern', terms: ['\\d{3,10}', 'call me'] },
  'brand-a-promo': { category: 'word', terms: ['brand-b', 'competitor'] },
  'brand-a-slang': { category: 'word', terms: ['yeet'] },
  'brand-b-promo': { category: 'word', terms: ['brand-a'] },
  'brand-b-slang': { category: 'word', terms: ['sus', 'cap'] },
  'eu-gdpr': { category: 'sentence-similarity', terms: ['send me your passport number', 'what is your home address?'] },
  'us-only': { category: 'word', terms: ['ssn'] },
};
export const ALL = Object.keys(LISTS);

export interface TargetCase {
  name: string;
  select: { include?: object; exclude?: object; overrides?: object };
  /** The lists the target takes once selection is honoured. */
  expected: string[];
}

// Different selections by paths, ids, exclude and overrides. Every selector matches some list.
const BASE_TARGETS: TargetCase[] = [
  { name: 'staging', select: {}, expected: ALL },
  { name: 'prod-us', select: { include: { paths: ['common-*.yaml', 'us-*.yaml'] } }, expected: ['common-greetings', 'common-spam', 'common-phones', 'us-only'] },
  { name: 'prod-eu', select: { include: { paths: ['common-*.yaml', 'eu-*.yaml'] } }, expected: ['common-greetings', 'common-spam', 'common-phones', 'eu-gdpr'] },
  { name: 'brand-a-us', select: { include: { paths: ['common-*.yaml', 'brand-a-*.yaml'] } }, expected: ['common-greetings', 'common-spam', 'common-phones', 'brand-a-promo', 'brand-a-slang'] },
  {
    name: 'brand-a-eu',
    select: { include: { paths: ['common-*.yaml', 'brand-a-*.yaml', 'eu-*.yaml'] } },
    expected: ['common-greetings', 'common-spam', 'common-phones', 'brand-a-promo', 'brand-a-slang', 'eu-gdpr'],
  },
  { name: 'brand-b-us', select: { include: { paths: ['common-*.yaml', 'brand-b-*.yaml'] } }, expected: ['common-greetings', 'common-spam', 'common-phones', 'brand-b-promo', 'brand-b-slang'] },
  {
    name: 'brand-b-eu',
    select: { include: { paths: ['brand-b-*.yaml'], ids: ['common-greetings', 'eu-gdpr'] } },
    expected: ['common-greetings', 'brand-b-promo', 'brand-b-slang', 'eu-gdpr'],
  },
  {
    name: 'kids',
    select: { include: { ids: ['common-greetings', 'common-spam'] }, overrides: { 'common-greetings': { name: 'Greetings (kids)' } } },
    expected: ['common-greetings', 'common-spam'],
  },
  { name: 'kids-eu', select: { include: { ids: ['common-greetings', 'common-spam', 'eu-gdpr'] } }, expected: ['common-greetings', 'common-spam', 'eu-gdpr'] },
  {
    name: 'partner-1',
    select: { include: { paths: ['brand-*.yaml'] }, exclude: { paths: ['brand-b-slang.yaml'] }, overrides: { 'brand-a-slang': { omit: true } } },
    expected: ['brand-a-promo', 'brand-b-promo'],
  },
  { name: 'partner-2', select: { include: { ids: ['common-phones'] } }, expected: ['common-phones'] },
  { name: 'archive', select: { include: { paths: ['common-*.yaml'] }, exclude: { ids: ['common-phones'] } }, expected: ['common-greetings', 'common-spam'] },
];
/** The twelve selections repeated under new names (`staging-2`, ...) up to `count` targets, each for its own app. */
export function scaledTargets(count: number): TargetCase[] {
  return Array.from({ length: Math.max(BASE_TARGETS.length, count) }, (_, i) => {
    const base = BASE_TARGETS[i % BASE_TARGETS.length]!;
    const round = Math.floor(i / BASE_TARGETS.length);
    return round === 0 ? base : { ...base, name: `${base.name}-${round + 1}` };
  });
}

/**
 * The targets of many-targets-status (the Action's applies with records, the PR's plan and its one
 * comment, `kwsync status`): twelve in the suite (50 take about 100 s there); KWSYNC_MANY_TARGETS=50
 * for fifty (issue 30, item 5).
 */
export const TARGETS: TargetCase[] = scaledTargets(Number(process.env.KWSYNC_MANY_TARGETS ?? BASE_TARGETS.length) || BASE_TARGETS.length);

/** The two apps edited live; each edits a list its target takes under either reading. */
export const EDITED = [
  { target: 'prod-eu', list: 'common-spam' },
  { target: 'partner-2', list: 'common-phones' },
];

/** A list file's text: `<id>.yaml`, named `List <id>`. */
export const listFile = (id: string, l: { category: string; terms: string[] } = LISTS[id]!): string =>
  stringify({ id, name: `List ${id}`, category: l.category, searchTerms: l.terms });
