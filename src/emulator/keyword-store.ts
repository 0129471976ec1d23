// The app's keyword lists: create, update, delete with the service's rules, revision numbers and
// response shapes. In memory; persistence.ts saves it when asked.
import { createHash } from 'node:crypto';
import type { Category } from '../model/keyword-list.js';
import type { SeedKeywordList } from './data-schema.js';
import { badRequest, EmulatorHttpError } from './http-errors.js';
import { DEFAULT_RULES, LIMITS, listProblems, termsOfForm, type KeywordRulesOptions, type ListForm } from './keyword-rules.js';

export interface StoredList {
  id: string;
  name: string;
  description: string;
  category: Category;
  searchTerms: string[];
  isCSV: boolean;
  active: boolean;
  default: boolean;
  createdAt: number;
  updatedAt: number;
  /** Writes so far: 1 after create, +1 per update. */
  revision: number;
}

/** 16 hex characters derived from the app id, the first part of every revisionId. */
export function appHashOf(appId: string): string {
  return createHash('sha256').update(appId).digest('hex').slice(0, 16);
}

/**
 * A list the service owns in whatever shape it has (the default "Prompt" and sentence lists, whose
 * shapes nothing publishes): answered verbatim, never written or deleted, never persisted.
 */
export type ForeignList = Record<string, unknown> & { id: string };

/** The published code for an unknown list id ([EM] rest-api/moderation-apis/error-codes.mdx); the status is not published. */
export const KEYWORD_NOT_FOUND = 'ERR_KEYWORD_NOT_FOUND';

export class KeywordStore {
  private readonly lists = new Map<string, StoredList>();
  private readonly foreign = new Map<string, ForeignList>();
  readonly appHash: string;

  constructor(
    readonly appId: string,
    private readonly nowSeconds: () => number,
    private readonly rules: KeywordRulesOptions = DEFAULT_RULES,
  ) {
    this.appHash = appHashOf(appId);
  }

  seed(lists: readonly SeedKeywordList[], at: number): void {
    for (const l of lists) this.lists.set(l.id, { ...l, searchTerms: [...l.searchTerms], createdAt: at, updatedAt: at, revision: 1 });
  }

  /** Lists of the service in their own shapes (see ForeignList); the listing shows them after the others. */
  seedForeign(items: readonly ForeignList[]): void {
    for (const item of items) this.foreign.set(item.id, structuredClone(item));
  }

  /** A foreign list's answer, or undefined when `id` is not one. */
  foreignItem(id: string): ForeignList | undefined {
    const item = this.foreign.get(id);
    return item === undefined ? undefined : structuredClone(item);
  }

  allForeign(): ForeignList[] {
    return [...this.foreign.values()].map((i) => structuredClone(i));
  }

  load(lists: readonly StoredList[]): void {
    this.lists.clear();
    for (const l of lists) this.lists.set(l.id, { ...l });
  }

  all(): StoredList[] {
    return [...this.lists.values()];
  }

  get(id: string): StoredList {
    const list = this.lists.get(id);
    if (!list) {
      if (this.foreign.has(id)) throw badRequest(`The keyword list "${id}" is a default list and cannot be changed or deleted.`);
      throw new EmulatorHttpError(404, KEYWORD_NOT_FOUND, `No keyword exists with the specified keyword ID "${id}".`);
    }
    return list;
  }

  /** Throws the published not-found error unless `id` names a list of either kind. */
  assertExists(id: string): void {
    if (!this.lists.has(id) && !this.foreign.has(id)) this.get(id);
  }

  create(form: ListForm): StoredList {
    const found = termsOfForm(form, this.rules);
    const problems = listProblems(form, found?.terms);
    if (form.id === undefined || form.id === '') problems.unshift('id is required');
    if (form.name === undefined || form.name === '') problems.push('name is required');
    if (found === undefined) problems.push(form.category === 'sentence-similarity' ? 'disallowedSentences (an array of strings) or file is required' : 'searchTerms or file is required');
    if (problems.length > 0) throw badRequest(`Invalid keyword list: ${problems.join('; ')}.`);
    const id = form.id as string;
    if (this.lists.has(id) || this.foreign.has(id)) throw badRequest(`A keyword list with id "${id}" already exists; use PUT to change it.`);
    const custom = this.all().filter((l) => !l.default).length;
    if (custom >= LIMITS.maxLists) {
      throw badRequest(`The app already has ${custom} keyword lists; at most ${LIMITS.maxLists} are allowed (default lists not counted).`);
    }
    const now = this.nowSeconds();
    const list: StoredList = {
      id,
      name: form.name as string,
      description: form.description ?? '',
      category: form.category as Category,
      searchTerms: found?.terms ?? [],
      isCSV: found?.isCSV ?? false,
      active: true,
      default: false,
      createdAt: now,
      updatedAt: now,
      revision: 1,
    };
    this.lists.set(id, list);
    return list;
  }

  /** Fields left out keep their value; terms are replaced when `searchTerms` or a file is sent. */
  update(id: string, form: ListForm): StoredList {
    const list = this.get(id);
    const found = termsOfForm(form, this.rules);
    const problems = listProblems(form, found?.terms);
    if (form.id !== undefined && form.id !== id) problems.unshift(`id "${form.id}" in the body differs from "${id}" in the path`);
    if (problems.length > 0) throw badRequest(`Invalid keyword list: ${problems.join('; ')}.`);
    const updated: StoredList = {
      ...list,
      name: form.name ?? list.name,
      description: form.description ?? list.description,
      category: form.category as Category,
      ...(found ? { searchTerms: found.terms, isCSV: found.isCSV } : {}),
      updatedAt: this.nowSeconds(),
      revision: list.revision + 1,
    };
    this.lists.set(id, updated);
    return updated;
  }

  remove(id: string): void {
    const list = this.get(id);
    if (list.default) throw badRequest(`The keyword list "${id}" is a default list and cannot be deleted.`);
    this.lists.delete(id);
  }

  revisionId(list: StoredList): string {
    return `${this.appHash}_${list.id}_${list.revision}`;
  }

  /**
   * The shape of GET one / POST / PUT responses, as the published examples show it: `default` and
   * `appId: "default"` only on default lists, `description` only when there is one.
   */
  render(list: StoredList) {
    // No sentence list answer is published: it carries its sentences under the name it was sent
    // with (`disallowedSentences`); clients read either name.
    const terms = list.category === 'sentence-similarity' ? { disallowedSentences: [...list.searchTerms] } : { searchTerms: [...list.searchTerms] };
    return {
      id: list.id,
      name: list.name,
      ...(list.description !== '' ? { description: list.description } : {}),
      category: list.category,
      isCSV: list.isCSV,
      ...terms,
      createdAt: list.createdAt,
      updatedAt: list.updatedAt,
      revisionId: this.revisionId(list),
      active: list.active,
      ...(list.default ? { default: true } : {}),
    };
  }

  /** Items of GET /moderation/keywords carry the database fields the published example shows. */
  renderListItem(list: StoredList) {
    const objectId = createHash('sha256').update(`${this.appId}/${list.id}`).digest('hex').slice(0, 24);
    const { default: isDefault, ...rest } = this.render(list);
    return {
      _id: objectId,
      ...rest,
      __v: list.revision - 1,
      ...(isDefault ? { default: true, appId: 'default' } : { appId: this.appHash }),
    };
  }
}
