// An in-memory KeywordTarget that behaves like the service where plan/apply care: revisions
// `{hash}_{id}_{n}` rising by one per write, default lists, 404 as undefined. Hooks let a test
// fail a write or play a concurrent writer.
import type { KeywordList, LiveKeywordList } from '../../src/model/keyword-list.js';
import type { KeywordTarget, LiveListing } from '../../src/model/target.js';

export interface FakeTargetHooks {
  /** Runs before each write; throw to fail it. */
  beforeWrite?: (op: 'create' | 'update' | 'delete', id: string) => void | Promise<void>;
  /** Rewrites what gets stored (e.g. to mimic a service that mangles terms). */
  store?: (list: KeywordList) => KeywordList;
}

export class FakeTarget implements KeywordTarget {
  readonly label = 'fake';
  readonly lists = new Map<string, LiveKeywordList>();
  readonly writes: { op: 'create' | 'update' | 'delete'; id: string }[] = [];
  private readonly counters = new Map<string, number>();

  constructor(
    seed: (KeywordList & { default?: boolean })[] = [],
    readonly hooks: FakeTargetHooks = {},
  ) {
    for (const l of seed) this.put(l, l.default ?? false);
  }

  /** Set to show only the first N lists, as a service whose list response is truncated would. */
  listLimit: number | undefined;

  async listKeywordLists(): Promise<LiveListing> {
    const all = [...this.lists.values()].map(clone);
    const lists = this.listLimit === undefined ? all : all.slice(0, this.listLimit);
    return { lists, mayBeTruncated: this.listLimit !== undefined && lists.length >= this.listLimit };
  }

  async getKeywordList(id: string): Promise<LiveKeywordList | undefined> {
    const l = this.lists.get(id);
    return l ? clone(l) : undefined;
  }

  async createKeywordList(list: KeywordList): Promise<LiveKeywordList> {
    await this.hooks.beforeWrite?.('create', list.id);
    if (this.lists.has(list.id)) throw new Error(`list ${list.id} already exists`);
    this.writes.push({ op: 'create', id: list.id });
    return clone(this.put(list, false));
  }

  async updateKeywordList(list: KeywordList): Promise<LiveKeywordList> {
    await this.hooks.beforeWrite?.('update', list.id);
    const old = this.lists.get(list.id);
    if (!old) throw new Error(`list ${list.id} not found`);
    this.writes.push({ op: 'update', id: list.id });
    return clone(this.put(list, old.default));
  }

  async deleteKeywordList(id: string): Promise<void> {
    await this.hooks.beforeWrite?.('delete', id);
    if (!this.lists.delete(id)) throw new Error(`list ${id} not found`);
    this.writes.push({ op: 'delete', id });
  }

  /** Writes a list directly, as another person editing the live app would. */
  put(list: KeywordList, isDefault = false): LiveKeywordList {
    const stored = this.hooks.store ? this.hooks.store(list) : list;
    const n = (this.counters.get(list.id) ?? 0) + 1;
    this.counters.set(list.id, n);
    const live: LiveKeywordList = {
      ...stored,
      searchTerms: [...stored.searchTerms],
      revisionId: `fakehash_${list.id}_${n}`,
      isCSV: false,
      active: true,
      default: isDefault,
      createdAt: 1700000000,
      updatedAt: 1700000000 + n,
    };
    this.lists.set(list.id, live);
    return live;
  }
}

function clone(l: LiveKeywordList): LiveKeywordList {
  return { ...l, searchTerms: [...l.searchTerms] };
}
