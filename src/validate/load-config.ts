// keywords/kwsync.yaml (or .yml): optional. Parsed with positions and checked with the strict
// config schema; when it is absent or invalid the documented defaults stand in.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { configSchema, DEFAULT_CONFIG, type KwsyncConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose, fileStart } from '../load/diagnose.js';
import { checkInsideFolder } from '../load/inside-folder.js';
import { READ_LIMIT_FACTOR, readSource } from '../load/read-source.js';
import { parseYamlFile, type YamlFile } from '../load/yaml-file.js';
import { schemaIssues } from './schema-issues.js';
import { MAX_ALIAS_COUNT } from './validate-list-file.js';

import { CONFIG_FILES } from '../load/config-files.js';

export { CONFIG_FILES };

export async function loadConfig(
  keywordsDir: string,
  relative: (abs: string) => string,
): Promise<{ config: KwsyncConfig; configFile: string | null; diagnostics: Diagnostic[]; yaml?: YamlFile }> {
  const found = await existing(CONFIG_FILES.map((f) => join(keywordsDir, f)));
  const abs = found[0];
  if (!abs) return { config: DEFAULT_CONFIG, configFile: null, diagnostics: [] };
  const configFile = relative(abs);
  // Both spellings present: one would be silently ignored, so say which and stop using defaults quietly.
  const twice = found.slice(1).map((other) =>
    diagnose(fileStart(relative(other)), 'error', 'config-duplicate', `two config files (${CONFIG_FILES.join(' and ')}); keep one: this one is ignored, ${configFile} is used`),
  );
  const loaded = await loadConfigFile(keywordsDir, abs, configFile);
  return { ...loaded, configFile, diagnostics: [...loaded.diagnostics, ...twice] };
}

/** `yaml`: the parsed file when its settings were taken, so rules on them (targets) can locate a value. */
async function loadConfigFile(keywordsDir: string, abs: string, configFile: string): Promise<{ config: KwsyncConfig; diagnostics: Diagnostic[]; yaml?: YamlFile }> {
  const where = await checkInsideFolder(keywordsDir, abs);
  if (!where.ok) return { config: DEFAULT_CONFIG, diagnostics: [diagnose(fileStart(configFile), 'error', where.rule, where.message)] };
  const maxBytes = READ_LIMIT_FACTOR * DEFAULT_CONFIG.limits.maxUploadBytes;
  const source = await readSource(abs, configFile, {
    maxBytes,
    tooLarge: (bytes) => diagnose(fileStart(configFile), 'error', 'file-too-large', `this file is ${bytes} bytes, over ${maxBytes}, so it was not read; kwsync.yaml holds settings only`),
  });
  if (!('text' in source)) return { config: DEFAULT_CONFIG, diagnostics: [source] };
  const parsed = parseYamlFile(source, { maxAliasCount: MAX_ALIAS_COUNT });
  if (!parsed.file) return { config: DEFAULT_CONFIG, diagnostics: parsed.diagnostics };
  // An empty file is an empty mapping: every default applies.
  const result = configSchema.safeParse(parsed.file.value ?? {});
  if (result.success) return { config: result.data, diagnostics: parsed.diagnostics, yaml: parsed.file };
  return { config: DEFAULT_CONFIG, diagnostics: [...parsed.diagnostics, ...schemaIssues(result.error.issues, parsed.file, configSchema)] };
}

async function existing(paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    try {
      await access(p);
      out.push(p);
    } catch {
      // this spelling is absent
    }
  }
  return out;
}
