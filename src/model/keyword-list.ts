// The keyword list as kwsync reasons about it, desired (from files) or live (from the service).

export const CATEGORIES = ['word', 'pattern', 'sentence-similarity'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What a list file describes once loaded and validated: the desired state of one list. */
export interface KeywordList {
  id: string;
  name: string;
  /** Empty string when the file has none. */
  description: string;
  category: Category;
  /** In file order; validated: trimmed, non-empty, no newline, no duplicates. */
  searchTerms: string[];
}

/** Where a desired list came from, for messages and PR annotations. */
export interface ListSource {
  /** Path of the list file, relative to the working directory, with forward slashes. */
  file: string;
  /** The CSV file holding the terms, when the list uses `file:`. */
  termsFile?: string;
}

export interface DesiredList extends KeywordList {
  source: ListSource;
}

/**
 * A list as the service returns it. Only what a plan needs is required; the published examples
 * leave out `default` (absent = not a default list) and `description`, so the reader fills those.
 */
export interface LiveKeywordList extends KeywordList {
  /** `{appHash}_{listId}_{n}`; n rises by one per write. */
  revisionId: string;
  /** Default lists exist in every app and are never the repo's to change or delete. */
  default: boolean;
  isCSV?: boolean;
  active?: boolean;
  /** UNIX seconds. */
  createdAt?: number;
  updatedAt?: number;
}

/** The revision number at the end of a revisionId, or undefined when it has none. */
export function revisionNumber(revisionId: string): number | undefined {
  const m = /_(\d+)$/.exec(revisionId);
  return m ? Number(m[1]) : undefined;
}
