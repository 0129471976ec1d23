// Where a value of kwsync.yaml is written, for target diagnostics; without the parsed file (an
// in-memory config in tests) everything points at the file's first line.
import { fileStart } from '../load/diagnose.js';
import type { Position } from '../load/source-text.js';
import type { YamlFile, YamlPath } from '../load/yaml-file.js';

export interface ConfigPlaces {
  /** The value at `path` (or its nearest written ancestor). */
  value(path: YamlPath): Position;
  /** The key `key` of the mapping at `path`. */
  key(path: YamlPath, key: string): Position;
}

export function configPlaces(yaml: YamlFile | undefined, configFile: string | null, folder: string): ConfigPlaces {
  if (yaml) return { value: (p) => yaml.valueAt(p), key: (p, k) => yaml.keyAt(p, k) };
  const start = fileStart(configFile ?? `${folder}/kwsync.yaml`);
  return { value: () => start, key: () => start };
}
