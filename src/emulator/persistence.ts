// Keeps the keyword lists across restarts: loaded at start, saved after every write by writing a
// temporary file and renaming it over the old one, so a crash never leaves half a file.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { CATEGORIES } from '../model/keyword-list.js';
import { ConfigError } from '../errors.js';
import type { StoredList } from './keyword-store.js';

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

const stateSchema = z.strictObject({
  version: z.literal(1),
  appId: z.string(),
  lists: z.array(storedListSchema),
});

/** The saved lists, or undefined when the file does not exist yet. */
export async function loadState(path: string): Promise<StoredList[] | undefined> {
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
  return parsed.data.lists;
}

/** Returns a saver that writes one snapshot at a time, in call order. */
export function createStateSaver(path: string, appId: string, snapshot: () => StoredList[]): () => Promise<void> {
  let chain: Promise<void> = Promise.resolve();
  let counter = 0;
  return () => {
    const body = JSON.stringify({ version: 1, appId, lists: snapshot() }, null, 2);
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
