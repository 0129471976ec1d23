// Rules on a list file's own fields: id, name, description, where its terms come from.
import type { Limits } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { LIST_ID_PATTERN, type ListFile } from '../../model/list-file.js';
import { diagnose } from '../../load/diagnose.js';
import { quote, truncate } from '../../load/quote-value.js';
import type { YamlFile } from '../../load/yaml-file.js';

/** Checks the fields present with the right type (`present`: every key written, valid or not). */
export function checkListFields(yaml: YamlFile, data: Partial<ListFile>, limits: Limits, present: ReadonlySet<string> = new Set(Object.keys(data))): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (key: string) => yaml.valueAt([key]);
  if (data.id !== undefined) out.push(...checkId(yaml, data.id, limits));
  if (data.name !== undefined && data.name.trim() === '') out.push(diagnose(at('name'), 'error', 'name-empty', 'the name is empty; give the list a display name'));
  if (data.name !== undefined && length(data.name) > limits.maxNameLength) {
    out.push(diagnose(at('name'), 'error', 'name-too-long', `the name has ${length(data.name)} characters; shorten it to at most ${limits.maxNameLength}`));
  }
  const description = data.description ?? '';
  if (length(description) > limits.maxDescriptionLength) {
    out.push(
      diagnose(at('description'), 'error', 'description-too-long', `the description has ${length(description)} characters; shorten it to at most ${limits.maxDescriptionLength}`),
    );
  }
  if (present.has('searchTerms') && present.has('file')) {
    out.push(diagnose(yaml.keyAt([], 'file'), 'error', 'terms-source-conflict', 'give the terms either inline (searchTerms) or in a CSV (file), not both; remove one'));
  } else if (!present.has('searchTerms') && !present.has('file')) {
    out.push(diagnose(yaml.valueAt([]), 'error', 'terms-missing', 'the list has no terms; add `searchTerms: [...]` or `file: <name>.csv`'));
  }
  return out;
}

function checkId(yaml: YamlFile, id: string, limits: Limits): Diagnostic[] {
  const out: Diagnostic[] = [];
  const data = { id };
  const at = (key: string) => yaml.valueAt([key]);
  if (!LIST_ID_PATTERN.test(data.id)) {
    const bad = /[^A-Za-z0-9_-]/u.exec(data.id);
    out.push(
      diagnose(
        bad ? yaml.charAt(['id'], bad.index) : at('id'),
        'error',
        'id-format',
        data.id === ''
          ? 'the id is empty; use letters, digits, - and _ (e.g. profanity-en)'
          : `the id may hold only letters, digits, - and _; replace ${quote(bad?.[0])} (e.g. ${suggestId(data.id)})`,
      ),
    );
  }
  if (length(data.id) > limits.maxIdLength) {
    out.push(diagnose(at('id'), 'error', 'id-too-long', `the id has ${length(data.id)} characters; shorten it to at most ${limits.maxIdLength}`));
  }
  return out;
}

/** Characters as people count them (code points, so an emoji is one). */
export function length(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function suggestId(id: string): string {
  return truncate(trimDashes(id.trim().toLowerCase().replace(/[^a-z0-9_-]+/g, '-')) || 'my-list', 60);
}

/** Without leading and trailing dashes; a loop, since `/-+$/` rescans a long run of dashes from each one. */
function trimDashes(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === '-') start++;
  while (end > start && s[end - 1] === '-') end--;
  return s.slice(start, end);
}
