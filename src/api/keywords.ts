// Moderation keyword lists: one function per endpoint (API-NOTES "the whole resource exists").
import { z } from 'zod';
import { CATEGORIES, type KeywordList, type LiveKeywordList } from '../model/keyword-list.js';
import { optionalBoolean, optionalNumber, textLike } from './lenient.js';
import type { LiveListing } from '../model/target.js';
import type { CometChatClient } from './client.js';
import { keywordListForm } from './keyword-form.js';
import { createWithConfirmation } from './retry-policy.js';
import { ApiError } from '../errors.js';
import { readListingPages, type ListingRead } from './listing-pages.js';
import { isPublishedDefault } from './published-defaults.js';

/** True when `value` is an array whose every element is text. */
function isTextArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

const termArraySchema = z.array(z.string());

/**
 * `searchTerms`, as z.array(z.string()) reads it, without its cost where it holds: a 1 MB list is
 * ~100k terms and arrives up to four times per apply (plan, re-read, write answer, final read), and
 * z.array allocates per element and copies the array. A plain loop checks it in place and keeps the
 * parsed array; anything else goes through z.array for the very issues it reports
 * (test/api/keyword-schemas.property.test.ts holds the reader to the schemas it replaced).
 */
const searchTermsSchema = z.custom<string[]>().check((ctx) => {
  if (isTextArray(ctx.value)) return;
  const parsed = termArraySchema.safeParse(ctx.value);
  // Each issue as z.array raised it (path within the array, message); `input` is the array itself.
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: ctx.value } as z.core.$ZodRawIssue);
});

// Loose: the service adds fields (`_id`, `appId`, `__v`). Required are only the fields a plan
// needs; the published examples leave out `default` (= not a default list) and `description`.
// The category is read as any text here: a category kwsync does not know must not sink a listing.
// The terms: `searchTerms` (every published example), or `disallowedSentences`, the name the
// published form gives a sentence list's sentences (no sentence list answer is published); at
// least one of them must be there.
//
// The client reads with these wire schemas and maps with toReadList outside zod: a zod transform
// whose input holds the term array makes V8 promote the parsed terms to the old generation
// (measured: ~100 MB promoted over 40 reads of a 1 MB list, ~16 MB without), so every read of a
// big list left garbage that only a full collection frees, and apply's peak memory grew with it.
const wireListSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  description: z.string().nullish(),
  category: z.string().min(1),
  // null is read as absent: a list answering `searchTerms: null` beside its sentences is still read.
  searchTerms: searchTermsSchema.nullish(),
  disallowedSentences: searchTermsSchema.nullish(),
  revisionId: textLike,
  default: optionalBoolean,
  isCSV: optionalBoolean,
  active: optionalBoolean,
  createdAt: optionalNumber,
  updatedAt: optionalNumber,
}).check((ctx) => {
  if (ctx.value.searchTerms == null && ctx.value.disallowedSentences == null) {
    ctx.issues.push({ code: 'custom', message: 'the list has neither searchTerms nor disallowedSentences', path: ['searchTerms'], input: ctx.value });
  }
});
type WireList = z.output<typeof wireListSchema>;

/** A sentence list's sentences are `disallowedSentences` when it has them; any other list's terms `searchTerms` when it has them. */
function termsOf(l: WireList): string[] {
  const [first, second] = l.category === 'sentence-similarity' ? [l.disallowedSentences, l.searchTerms] : [l.searchTerms, l.disallowedSentences];
  return first ?? second ?? [];
}

function toReadList(l: WireList): ReadKeywordList {
  return {
    id: l.id,
    name: l.name,
    // '' keeps "none" and "not returned" alike.
    description: l.description ?? '',
    category: l.category,
    searchTerms: termsOf(l),
    revisionId: l.revisionId,
    // Either field says "default" (the published example has `appId: "default"`, and `default` may be
    // absent or null), and so do a published default id or name (published-defaults.ts): a list any
    // of them marks is never written, whichever read saw it.
    default: l.default === true || l['appId'] === 'default' || isPublishedDefault(l),
    ...(l.isCSV !== undefined ? { isCSV: l.isCSV } : {}),
    ...(l.active !== undefined ? { active: l.active } : {}),
    ...(l.createdAt !== undefined ? { createdAt: l.createdAt } : {}),
    ...(l.updatedAt !== undefined ? { updatedAt: l.updatedAt } : {}),
  };
}

/** One list as kwsync reads it, for callers that parse a body themselves (doctor, tests). */
export const liveKeywordListSchema = wireListSchema.transform(toReadList);

/** A list as read, before its category is checked against the ones kwsync knows. */
export type ReadKeywordList = Omit<LiveKeywordList, 'category'> & { category: string };

/** A live list kwsync leaves alone because it does not know its category. */
export interface UnknownCategoryList {
  id: string;
  /** Absent when the item carried no readable name (a set-aside item needs only its id). */
  name?: string;
  category: string;
}

const listingCurrentSchema = z.looseObject({ limit: optionalNumber, count: optionalNumber });

const listingMetaSchema = z.looseObject({ current: listingCurrentSchema.nullish() }).nullish();
export const keywordListsResponseSchema = z.looseObject({ data: z.array(liveKeywordListSchema), meta: listingMetaSchema });
/** The listing as the client reads it: keywordListsResponseSchema with each list still to map (toReadList). */
export const wireListingSchema = z.looseObject({ data: z.array(wireListSchema), meta: listingMetaSchema });

/**
 * Whether a listing of `items` lists may be cut short: no paging is published, and the published
 * example says `meta.current.limit: 10`, so a full page (count or items >= limit) may hide more
 * lists. Without a limit the answer is taken as whole. `current` is the raw `meta.current`.
 */
export function listingMayBeTruncated(items: number, current: unknown): boolean {
  const parsed = listingCurrentSchema.safeParse(current);
  const limit = parsed.success ? parsed.data.limit : undefined;
  const count = Math.max(items, (parsed.success ? parsed.data.count : undefined) ?? 0);
  return limit !== undefined && count >= limit;
}
export const keywordListResponseSchema = z.looseObject({ data: liveKeywordListSchema });
/** One list as the client reads it: keywordListResponseSchema with the list still to map (toReadList). */
export const wireListResponseSchema = z.looseObject({ data: wireListSchema });

/** What keywordListsResponseSchema answers, from what wireListingSchema answered. */
export function readListing(res: z.output<typeof wireListingSchema>): z.output<typeof keywordListsResponseSchema> {
  return { ...res, data: res.data.map(toReadList) };
}

/** What keywordListResponseSchema answers, from what wireListResponseSchema answered. */
export function readOne(res: z.output<typeof wireListResponseSchema>): z.output<typeof keywordListResponseSchema> {
  return { ...res, data: toReadList(res.data) };
}
export const deleteResponseSchema = z.looseObject({
  data: z.looseObject({ success: z.boolean(), message: z.string().optional() }),
});

function isKnown(l: ReadKeywordList): l is LiveKeywordList {
  return (CATEGORIES as readonly string[]).includes(l.category);
}

/** A single list whose category kwsync does not know: stop rather than overwrite it blindly. */
function knownOrThrow(l: ReadKeywordList, method: string, path: string): LiveKeywordList {
  if (isKnown(l)) return l;
  throw new ApiError(`${method} ${path}: the live list "${l.id}" has category "${l.category}", which kwsync does not know`, {
    method,
    path,
    status: 200,
    hint: `kwsync knows ${CATEGORIES.join(', ')} and leaves other lists alone; give your list file another id, or change the list in the dashboard`,
  });
}

const BASE = '/moderation/keywords';
/** The published code of an unknown list id ([EM] rest-api/moderation-apis/error-codes.mdx). */
export const KEYWORD_NOT_FOUND = 'ERR_KEYWORD_NOT_FOUND';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/**
 * Every item of the listing (every page: readWholeListing) that reads as a whole list of a known
 * category, default lists included (`default: true`): the library view. Items that do not read are
 * left out; plan, apply and import use readKeywordListing, which names them.
 */
export async function listKeywordLists(client: CometChatClient): Promise<LiveKeywordList[]> {
  const { items } = await readWholeListing(client);
  const lists: LiveKeywordList[] = [];
  for (const item of items) {
    const parsed = wireListSchema.safeParse(item);
    if (!parsed.success) continue;
    const l = toReadList(parsed.data);
    if (isKnown(l)) lists.push(l);
  }
  return lists;
}

/** What one listing holds, item by item (LiveListing with every set-aside field present). */
export type ReadListing = LiveListing & {
  unknownCategory: UnknownCategoryList[];
  defaults: NonNullable<LiveListing['defaults']>;
  unreadable: NonNullable<LiveListing['unreadable']>;
  withoutId: number;
};

/** The items of a listing, sorted by how kwsync handles them (readListingItems). */
export type ListingItems = Pick<ReadListing, 'lists' | 'unknownCategory' | 'defaults' | 'unreadable' | 'withoutId'>;

/**
 * The whole listing, read item by item so that no single item can sink it: every page is followed
 * (src/api/listing-pages.ts), each envelope (a `data` array, `meta`) must be a listing, then each
 * item is read for its `id` first and only for what its handling needs (readListingItems). Lists of
 * a category kwsync does not know, default lists and unreadable items are left out of `lists` (so
 * never planned, written or pruned). `mayBeTruncated` is true exactly when the read could not show
 * it is whole, and `incomplete` says why.
 */
export async function readKeywordListing(client: CometChatClient): Promise<ReadListing> {
  const read = await readWholeListing(client);
  return {
    ...readListingItems(read.items),
    mayBeTruncated: read.incomplete !== undefined,
    pages: read.pages,
    ...(read.incomplete !== undefined ? { incomplete: read.incomplete } : {}),
    ...(read.again ? { again: true } : {}),
  };
}

/** Every page of GET /moderation/keywords, as kwsync.yaml `service.listingPaging` and each page's meta say. */
export function readWholeListing(client: CometChatClient): Promise<ListingRead> {
  return readListingPages((query) => client.send({ api: 'chat', method: 'GET', path: BASE, query }, listingEnvelopeSchema), client.listingPaging ?? 'none');
}

/** The listing's envelope only: the items are read one by one after (readListingItems). */
const listingEnvelopeSchema = z.looseObject({ data: z.array(z.unknown()), meta: z.unknown() });

/** Problems named per unreadable item: a list of 100k bad terms must not make 100k lines. */
const MAX_PROBLEMS = 5;

/**
 * Sorts the items of a listing. Each is read for its `id` first; a default list (`default: true`,
 * or `appId: "default"` as in the published example) needs nothing else; an unknown category needs
 * its category; only an item of a known category is read as a whole list (wireListSchema), and when
 * that fails its problems are kept, located by field. Pure.
 */
export function readListingItems(items: readonly unknown[]): ListingItems {
  const out: ListingItems = { lists: [], unknownCategory: [], defaults: [], unreadable: [], withoutId: 0 };
  for (const item of items) {
    const fields = isRecord(item) ? item : undefined;
    const id = fields?.['id'];
    if (!fields || typeof id !== 'string' || id.length === 0) {
      out.withoutId += 1;
      continue;
    }
    const name = typeof fields['name'] === 'string' ? fields['name'] : undefined;
    const category = typeof fields['category'] === 'string' && fields['category'].length > 0 ? fields['category'] : undefined;
    if (fields['default'] === true || fields['appId'] === 'default' || isPublishedDefault(fields)) {
      out.defaults.push({ id, ...(name !== undefined ? { name } : {}), ...(category !== undefined ? { category } : {}) });
    } else if (category !== undefined && !(CATEGORIES as readonly string[]).includes(category)) {
      out.unknownCategory.push({ id, ...(name !== undefined ? { name } : {}), category });
    } else {
      const parsed = wireListSchema.safeParse(fields);
      if (parsed.success) out.lists.push(toReadList(parsed.data) as LiveKeywordList);
      else out.unreadable.push({ id, problems: locatedProblems(parsed.error) });
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `searchTerms[3]: Invalid input: expected string, received number`, at most MAX_PROBLEMS of them. */
export function locatedProblems(error: z.ZodError): string[] {
  const lines = error.issues.slice(0, MAX_PROBLEMS).map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
  const more = error.issues.length - MAX_PROBLEMS;
  if (more > 0) lines.push(`and ${more} more problem${more === 1 ? '' : 's'}`);
  return lines;
}

function issuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(the item)';
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('');
}

/** Throws ApiError (status 404) when the list does not exist. */
export async function getKeywordList(client: CometChatClient, id: string): Promise<LiveKeywordList> {
  const res = readOne(await client.send({ api: 'chat', method: 'GET', path: one(id) }, wireListResponseSchema));
  return knownOrThrow(res.data, 'GET', one(id));
}

/** POST; never creates twice: after an ambiguous failure it looks for the list before resending. */
export async function createKeywordList(client: CometChatClient, list: KeywordList): Promise<LiveKeywordList> {
  return createWithConfirmation({
    policy: client.retryPolicy,
    send: async () => {
      const body = keywordListForm(list, client.termsSettings);
      const res = readOne(await client.send({ api: 'chat', method: 'POST', path: BASE, body }, wireListResponseSchema));
      return knownOrThrow(res.data, 'POST', BASE);
    },
    confirm: () => findKeywordList(client, list.id),
  });
}

export async function updateKeywordList(client: CometChatClient, list: KeywordList): Promise<LiveKeywordList> {
  const body = keywordListForm(list, client.termsSettings);
  const res = readOne(await client.send({ api: 'chat', method: 'PUT', path: one(list.id), body }, wireListResponseSchema));
  return knownOrThrow(res.data, 'PUT', one(list.id));
}

export async function deleteKeywordList(client: CometChatClient, id: string): Promise<void> {
  const res = await client.send({ api: 'chat', method: 'DELETE', path: one(id) }, deleteResponseSchema);
  if (!res.data.success) {
    throw new ApiError(`DELETE ${one(id)}: the service answered success: false${res.data.message ? `: ${res.data.message}` : ''}`, {
      method: 'DELETE',
      path: one(id),
      status: 200,
    });
  }
}

/** The code of the error an answer naming another list raises (see findKeywordList). */
export const OTHER_LIST_ANSWER = 'KWSYNC_OTHER_LIST_ANSWER';

/**
 * The list, or undefined when the service says it does not exist. An answer that names another list
 * (an id spelled otherwise, a mock serving one published example for every id; ids are compared
 * exactly) is not this list: never plan, guard or confirm a write on it. By default it reads as
 * absent (a create is planned, as against the static published mock); `otherList: 'conflict'`
 * throws an ApiError (status 200, code OTHER_LIST_ANSWER) instead, for a delete: read as absent,
 * a delete was reported "already deleted" while the list stayed live.
 */
export async function findKeywordList(client: CometChatClient, id: string, opts: { otherList?: 'absent' | 'conflict' } = {}): Promise<LiveKeywordList | undefined> {
  let got: LiveKeywordList;
  try {
    got = await getKeywordList(client, id);
  } catch (err) {
    // Any 404, or the published code whatever the status (no status is published for it).
    if (err instanceof ApiError && (err.status === 404 || err.code === KEYWORD_NOT_FOUND)) return undefined;
    throw err;
  }
  if (got.id === id) return got;
  // Another spelling of this very id (case, spaces around it) is never "absent": it may be this list.
  if (opts.otherList !== 'conflict' && !otherSpelling(got.id, id)) return undefined;
  throw new ApiError(`GET ${one(id)} answered with another list, ${JSON.stringify(got.id)}, not ${JSON.stringify(id)}; the service names this list otherwise than the request (ids are compared exactly), so kwsync cannot tell whether it exists`, {
    method: 'GET',
    path: one(id),
    status: 200,
    code: OTHER_LIST_ANSWER,
  });
}

/** Two ids that differ only in case or in spaces around them: one list spelled two ways, maybe. */
export function otherSpelling(a: string, b: string): boolean {
  return a !== b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
