// keywords/kwsync.yaml (or .yml): optional. Parsed with positions and checked with the strict
// config schema; when it is absent or invalid the documented defaults stand in.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { configSchema, DEFAULT_CONFIG, type KwsyncConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose, fileStart } from '../load/diagnose.js';
import { checkInsideFolder } from '../load/inside-folder.js';
import { READ_LIMIT_FACTOR, readSource } from '../load/read-source.js';
import { parseYamlFile } from '../load/yaml-file.js';
import { schemaIssues } from './schema-issues.js';
import { MAX_ALIAS_COUNT } from './validate-list-file.js';

export const CONFIG_FILES = ['kwsync.yaml', 'kwsync.yml'];

export async function loadConfig(
  keywordsDir: string,
  relative: (abs: string) => string,
): Promise<{ config: KwsyncConfig; configFile: string | null; diagnostics: Diagnostic[] }> {
  const abs = await firstExisting(CONFIG_FILES.map((f) => join(keywordsDir, f)));
  if (!abs) return { config: DEFAULT_CONFIG, configFile: null, diagnostics: [] };
  const configFile = relative(abs);
  const where = await checkInsideFolder(keywordsDir, abs);
  if (!where.ok) return { config: DEFAULT_CONFIG, configFile, diagnostics: [diagnose(fileStart(configFile), 'error', where.rule, where.message)] };
  const maxBytes = READ_LIMIT_FACTOR * DEFAULT_CONFIG.limits.maxUploadBytes;
  const source = await readSource(abs, configFile, {
    maxBytes,
    tooLarge: (bytes) => diagnose(fileStart(configFile), 'error', 'file-too-large', `this file is ${bytes} bytes, over ${maxBytes}, so it was not read; kwsync.yaml holds settings only`),
  });
  if (!('text' in source)) return { config: DEFAULT_CONFIG, configFile, diagnostics: [source] };
  const parsed = parseYamlFile(source, { maxAliasCount: MAX_ALIAS_COUNT });
  if (!parsed.file) return { config: DEFAULT_CONFIG, configFile, diagnostics: parsed.diagnostics };
  // An empty file is an empty mapping: every default applies.
  const result = configSchema.safeParse(parsed.file.value ?? {});
  if (result.success) return { config: result.data, configFile, diagnostics: [] };
  return { config: DEFAULT_CONFIG, configFile, diagnostics: schemaIssues(result.error.issues, parsed.file, configSchema) };
}

async function firstExisting(paths: string[]): Promise<string | undefined> {
  for (const p of paths) {
    try {
      await access(p);
      return p;
    } catch {
      // try the next spelling
    }
  }
  return undefined;
}
