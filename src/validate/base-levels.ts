// With --base (a pull request, stage one of the PR plan, `kwsync validate --base origin/main`), the
// base's kwsync.yaml `validate:` levels count too: the stricter of base and head apply, so a change
// cannot lower a rule for itself. A base without kwsync.yaml (or one that does not parse) has the defaults.
import { configSchema, DEFAULT_CONFIG, type ValidateLevels } from '../model/config.js';
import type { GitBase } from '../load/git-base.js';
import { SourceText } from '../load/source-text.js';
import { parseYamlFile } from '../load/yaml-file.js';
import { stricterLevels } from './rule-levels.js';

export async function withBaseLevels(head: ValidateLevels, base: GitBase, configPaths: readonly string[]): Promise<ValidateLevels> {
  for (const path of configPaths) {
    const text = await base.show(path);
    if (text === null) continue;
    const parsed = parseYamlFile(new SourceText(path, text), { maxAliasCount: 100 });
    const config = parsed.file ? configSchema.safeParse(parsed.file.value ?? {}) : null;
    // A base config that does not parse counts as the defaults, as it did for the base's own runs.
    return stricterLevels(config?.success ? config.data.validate : DEFAULT_CONFIG.validate, head);
  }
  return stricterLevels(DEFAULT_CONFIG.validate, head);
}
