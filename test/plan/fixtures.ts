// Shared plan inputs for the plan and apply unit tests.
import type { DesiredList, KeywordList, LiveKeywordList } from '../../src/model/keyword-list.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';

export const NOW = new Date('2026-01-02T03:04:05.000Z');
export const SAFETY = DEFAULT_CONFIG.safety;

export function desired(id: string, terms: string[], extra: Partial<KeywordList> = {}): DesiredList {
  return {
    id,
    name: extra.name ?? `List ${id}`,
    description: extra.description ?? '',
    category: extra.category ?? 'word',
    searchTerms: terms,
    source: { file: `keywords/${id}.yaml` },
  };
}

export function live(id: string, terms: string[], extra: Partial<LiveKeywordList> = {}): LiveKeywordList {
  return {
    id,
    name: extra.name ?? `List ${id}`,
    description: extra.description ?? '',
    category: extra.category ?? 'word',
    searchTerms: terms,
    revisionId: extra.revisionId ?? `abc123_${id}_3`,
    isCSV: false,
    active: true,
    default: extra.default ?? false,
    createdAt: 1700000000,
    updatedAt: 1700000100,
  };
}

export const range = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
