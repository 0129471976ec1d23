// What one GET /moderation/keywords says about the app, where the published description is silent
// or contradicts itself: is `default` sent on ordinary lists, is `description`, is the listing cut
// short. Pure: takes the parsed body, returns findings and the facts the write probe needs.
import { listingMayBeTruncated, readListingItems } from '../api/keywords.js';
import type { Finding } from './report.js';
import { isObject } from './response-traits.js';

export interface ListingFacts {
  /** Non-default lists seen (only a lower bound when `mayBeTruncated`). */
  nonDefaultCount: number;
  mayBeTruncated: boolean;
}

type Item = Record<string, unknown>;

const DEFAULT_TITLE = '`default` on ordinary lists';
const DESCRIPTION_TITLE = '`description` on lists';

/** `1 list`, `3 lists`. */
export const lists = (n: number, noun = 'list') => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The items of a listing body, or undefined when it is not `{data: [...]}`. */
export function listingItems(json: unknown): Item[] | undefined {
  if (!isObject(json) || !Array.isArray(json.data)) return undefined;
  return json.data.filter(isObject);
}

export function analyseListing(json: unknown, items: Item[]): { findings: Finding[]; facts: ListingFacts } {
  // The published default list says `default: true` and `appId: "default"`; either marks one.
  const ordinary = items.filter((i) => i.default !== true && i.default !== 'true' && i.appId !== 'default');
  const current = isObject(json) && isObject(json.meta) && isObject(json.meta.current) ? json.meta.current : undefined;
  const mayBeTruncated = listingMayBeTruncated(items.length, current);
  const findings = [
    readable(json),
    sizeFinding(items.length, current?.limit, current !== undefined, mayBeTruncated),
    defaultFieldFinding(ordinary),
    descriptionFinding(items),
  ];
  return { findings, facts: { nonDefaultCount: ordinary.length, mayBeTruncated } };
}

/**
 * kwsync's own reader must take this listing. It reads item by item (src/api/keywords.ts
 * readListingItems): default lists, unknown categories and odd items are set aside, never fatal; an
 * item it cannot read fails only a list file with the same id, so that is what this says.
 */
function readable(json: unknown): Finding {
  const title = "kwsync's reader takes the listing";
  const items = isObject(json) && Array.isArray(json.data) ? (json.data as unknown[]) : [];
  const read = readListingItems(items);
  const setAside = [
    read.defaults.length > 0 ? `${read.defaults.length} default` : '',
    read.unknownCategory.length > 0 ? `${read.unknownCategory.length} of a category kwsync does not know` : '',
    read.withoutId > 0 ? `${read.withoutId} without an id` : '',
  ].filter(Boolean);
  const asideText = setAside.length > 0 ? ` Set aside, never planned or written: ${setAside.join(', ')}.` : '';
  if (read.unreadable.length === 0) {
    return { id: 'listing-readable', status: 'ok', title, detail: `kwsync reads ${lists(read.lists.length)} of this listing.${asideText}`, needsAction: false };
  }
  const named = read.unreadable.slice(0, 5).map((u) => `${u.id} (${u.problems[0] ?? 'unreadable'})`).join('; ');
  return {
    id: 'listing-readable',
    status: 'differs',
    title,
    detail:
      `kwsync reads ${lists(read.lists.length)}; ${lists(read.unreadable.length)} could not be read: ${named}${read.unreadable.length > 5 ? '; ...' : ''}.${asideText} ` +
      'They are left alone; a list file with one of these ids fails alone, the others plan and apply.',
    needsAction: false,
    hint: 'if one of these lists is yours, report its shape to the kwsync maintainers with the output of `kwsync doctor --format json`',
  };
}

function sizeFinding(seen: number, limit: unknown, hasMeta: boolean, mayBeTruncated: boolean): Finding {
  const title = 'the listing holds every list';
  if (!hasMeta) {
    return {
      id: 'listing-size',
      status: 'differs',
      title,
      detail: `The listing returned ${lists(seen)} with no meta.current, unlike the published example. kwsync takes it as whole, and still confirms by id any list of your folder it lacks.`,
      needsAction: false,
    };
  }
  if (mayBeTruncated) {
    return {
      id: 'listing-size',
      status: 'differs',
      title,
      detail:
        `The listing returned ${lists(seen)} and its limit is ${String(limit)}: it may be cut short, and no paging is published, so the number of lists on the app is unknown. ` +
        'kwsync never takes a list as missing from the listing alone: it confirms each list of your folder with a GET by id, so plan and apply stay right. ' +
        'Lists beyond the listing are not shown as unmanaged, and prune cannot delete them.',
      needsAction: false,
    };
  }
  return {
    id: 'listing-size',
    status: 'ok',
    title,
    detail: `The listing returned ${lists(seen)}, ${limit === undefined ? 'and meta.current gives no limit' : `under its limit of ${String(limit)}`}: it holds them all.`,
    needsAction: false,
  };
}

function defaultFieldFinding(ordinary: Item[]): Finding {
  if (ordinary.length === 0) {
    return {
      id: 'listing-default-field',
      status: 'unknown',
      title: DEFAULT_TITLE,
      detail: 'The app has no non-default lists to look at; --write-probe settles it on a temporary list. kwsync reads an absent `default` as "not a default list" either way.',
      needsAction: false,
    };
  }
  return defaultFieldSeen(ordinary.filter((i) => 'default' in i).length, ordinary.length, `the ${lists(ordinary.length, 'non-default list')} in the listing`);
}

/** Shared with the write probe, which reads its own list back (`subject`: what was looked at). */
export function defaultFieldSeen(withField: number, total: number, subject: string): Finding {
  const how =
    withField === total
      ? `present (false) on ${subject}`
      : withField === 0
        ? `absent on ${subject}, as in the published examples`
        : `present on ${withField} and absent on ${total - withField} of ${subject}`;
  return {
    id: 'listing-default-field',
    status: 'ok',
    title: DEFAULT_TITLE,
    detail: `\`default\` is ${how}. kwsync reads an absent \`default\` as "not a default list", and never writes a list that says default: true.`,
    needsAction: false,
  };
}

function descriptionFinding(items: Item[]): Finding {
  if (items.length === 0) {
    return {
      id: 'listing-description-field',
      status: 'unknown',
      title: DESCRIPTION_TITLE,
      detail: 'The app has no lists to look at; --write-probe settles it on a temporary list.',
      needsAction: false,
    };
  }
  const withField = items.filter((i) => typeof i.description === 'string').length;
  if (withField === items.length) {
    return { id: 'listing-description-field', status: 'ok', title: DESCRIPTION_TITLE, detail: `\`description\` is present on ${items.length === 1 ? 'the list' : `all ${items.length} lists`} in the listing; kwsync compares it like the name.`, needsAction: false };
  }
  return {
    id: 'listing-description-field',
    status: 'unknown',
    title: DESCRIPTION_TITLE,
    detail: `\`description\` is absent on ${items.length - withField} of ${items.length} lists in the listing (they may have none). kwsync reads a missing description as empty; --write-probe settles whether one that is sent is kept.`,
    needsAction: false,
  };
}

/** The write probe sent a description: is it in what the listing returns for that list? */
export function descriptionKept(kept: boolean): Finding {
  if (kept) {
    return { id: 'listing-description-field', status: 'ok', title: DESCRIPTION_TITLE, detail: 'A description sent with a list is kept and returned; kwsync compares it like the name.', needsAction: false };
  }
  return {
    id: 'listing-description-field',
    status: 'differs',
    title: DESCRIPTION_TITLE,
    detail:
      'A description sent with the probe list came back absent or changed. kwsync reads a missing description as empty, ' +
      'so a list file that sets one would show a description change on every plan. Leave `description` out of list files for this app.',
    needsAction: false,
  };
}
