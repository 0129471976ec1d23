// What validate asks of rules/ whatever the folder holds: whether it is there (kwsync then manages
// the app's custom rules), and whether a list file outside it holds a rule. The rule checks
// themselves (zod schemas, references across files) load only when the folder has rule files.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../../model/diagnostic.js';
import { RULES_FOLDER } from '../../model/moderation-rule.js';
import { diagnose } from '../../load/diagnose.js';
import type { YamlFile } from '../../load/yaml-file.js';

/** Whether the keywords folder has rules/: kwsync then manages the app's custom rules (plan, apply, prune). */
export async function hasRulesFolder(keywordsDir: string): Promise<boolean> {
  try {
    return (await stat(join(keywordsDir, RULES_FOLDER))).isDirectory();
  } catch {
    return false;
  }
}

/** A list file (outside rules/) that holds a rule: one clear error instead of unknown keys. */
export function ruleInListFolder(yaml: YamlFile): Diagnostic | null {
  const value = yaml.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!('conditions' in v || 'action' in v) || 'searchTerms' in v || 'file' in v || 'category' in v) return null;
  const file = yaml.source.file;
  const name = file.split('/').pop()!;
  const key = 'conditions' in v ? 'conditions' : 'action';
  return diagnose(
    yaml.keyAt([], key),
    'error',
    'list-file-is-rule',
    `this is a moderation rule (it has \`${key}:\`), but only files under keywords/rules/ are rules; every other YAML file is a keyword list. Move it to keywords/rules/${name}`,
  );
}
