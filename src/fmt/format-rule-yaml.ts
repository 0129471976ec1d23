// The canonical form of a rule file (keywords/rules/*.yaml): the keys in the order of the schema
// (id, name, description, enabled, action, conditions, filters; unknown keys cannot occur, as an
// invalid file is never formatted), `action` on one line, each condition a block mapping. Comments
// are kept by the `yaml` Document API; line ends become LF.
import { isMap, isScalar, isSeq, parseDocument, type Pair, type YAMLMap } from 'yaml';
import { RULE_FILE_KEYS } from '../model/moderation-rule.js';
import { YAML_OUTPUT } from './format-list-yaml.js';

export function formatRuleYaml(input: string): string {
  const text = input.replace(/\r\n/g, '\n');
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return input;
  const root = doc.contents;
  if (!isMap(root)) return text;
  root.flow = false;
  const rank = (p: Pair) => {
    const i = (RULE_FILE_KEYS as readonly string[]).indexOf(isScalar(p.key) ? String(p.key.value) : '');
    return i === -1 ? RULE_FILE_KEYS.length : i;
  };
  root.items.sort((a, b) => rank(a as Pair) - rank(b as Pair));
  const action = root.get('action', true);
  if (isSeq(action)) action.flow = true;
  for (const key of ['conditions', 'filters']) {
    const seq = root.get(key, true);
    if (!isSeq(seq)) continue;
    seq.flow = false;
    for (const item of seq.items) if (isMap(item)) (item as YAMLMap).flow = false;
  }
  return doc.toString(YAML_OUTPUT);
}
