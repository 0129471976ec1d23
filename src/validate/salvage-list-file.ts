// When a list file fails its shape check, the fields that do have the right type are still worth
// checking: one unknown key or one non-text term must not hide the file's other problems.
import { listFileSchema, type ListFile } from '../model/list-file.js';

export interface SalvagedList {
  /** The fields that parse on their own; a bad field is left out (its issue is already reported). */
  data: Partial<ListFile>;
  /** Keys written in the file, valid or not (so a bad `searchTerms:` is not also "missing"). */
  present: ReadonlySet<string>;
  /** For inline terms with non-text items: the index in the YAML sequence of each kept term. */
  termIndexes?: number[];
}

export function salvageListFile(value: unknown): SalvagedList | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  const present = new Set(Object.keys(raw));
  let termIndexes: number[] | undefined;
  for (const [key, schema] of Object.entries(listFileSchema.shape)) {
    if (!(key in raw)) continue;
    const field = schema.safeParse(raw[key]);
    if (field.success) data[key] = field.data;
    else if (key === 'searchTerms' && Array.isArray(raw[key])) {
      const items = raw[key] as unknown[];
      termIndexes = items.flatMap((t, i) => (typeof t === 'string' ? [i] : []));
      data[key] = termIndexes.map((i) => items[i]);
    }
  }
  return { data: data as Partial<ListFile>, present, ...(termIndexes ? { termIndexes } : {}) };
}
