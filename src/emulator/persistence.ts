// Keeps the keyword lists and rules across restarts: loaded at start, saved after every write by writing a
// temporary file and renaming it over the old one, so a crash never leaves half a file.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { CATEGORIES } from '../model/keyword-list.js';
import { ConfigError } from '../errors.js';
import type { StoredList } from './keyword-store.js';
import type { StoredRule } from './rule-store.js';
import { storedConditionSchema } from './rule-body.js';

const storedListSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  searchTerms: z.array(z.string()),
  isCSV: z.boolean(),
  active: z.boolean(),
  default: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  revision: z.number().int().positive(),
});

const filterSchema = z.strictObject({ type: z.string(), entity: z.string(), operand: z.string(), operator: z.string(), value: z.string() });
const storedRuleSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  action: z.array(z.string()),
  conditions: z.array(storedConditionSchema),
  filters: z.array(filterSchema),
  default: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  revision: z.number().int().positive(),
  revisionIdBase: z.string().optional(),
});

// `rules` and `moderation` came with the rules (issue 39): a file without them is read as before,
// and the app's rules start from the built-ins.
const stateSchema = z.strictObject({
  version: z.literal(1),
  appId: z.string(),
  lists: z.array(storedListSchema),
  rules: z.array(storedRuleSchema).optional(),
  /** The moderation log (sent and blocked messages), kept as the emulator wrote it. */
  moderation: z.unknown().optional(),
});

/** What a state file holds. */
export interface SavedState {
  lists: StoredList[];
  rules?: StoredRule[] | undefined;
  moderation?: unknown;
}

/** The saved state, or undefined when the file does not exist yet. */
export async function loadState(path: string): Promise<SavedState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`cannot read the emulator state file ${path}: ${(err as Error).message}`, { cause: err });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`the emulator state file ${path} is not valid JSON: ${(err as Error).message}`, {
      hint: 'delete it to start from the seed lists',
    });
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(`the emulator state file ${path} is not a kwsync emulator state: ${first?.path.join('.') ?? ''}: ${first?.message ?? ''}`, {
      hint: 'delete it to start from the seed lists',
    });
  }
  const { lists, rules, moderation } = parsed.data;
  return { lists, ...(rules !== undefined ? { rules } : {}), ...(moderation !== undefined ? { moderation } : {}) };
}

/** Returns a saver that writes one snapshot at a time, in call order. */
export function createStateSaver(path: string, appId: string, snapshot: () => SavedState): () => Promise<void> {
  let chain: Promise<void> = Promise.resolve();
  let counter = 0;
  return () => {
    const body = JSON.stringify({ version: 1, appId, ...snapshot() }, null, 2);
    const tmp = `${path}.${process.pid}.${++counter}.tmp`;
    // A failed save must not block later ones; the caller of the failed one sees its error.
    chain = chain.catch(() => undefined).then(async () => {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(tmp, `${body}\n`, 'utf8');
      await rename(tmp, path);
    });
    return chain;
  };
}
