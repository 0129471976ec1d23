// Embeddings kept across runs in one file in a folder the caller names (the Action: under
// RUNNER_TEMP or a folder it caches; the CLI keeps none by default). The file never holds text:
// each vector is filed under a salted SHA-256 of (model version, text) or of (model version, a key
// the caller gives, such as a message id). The vectors are still derived from private messages, so
// the file is as private as the messages themselves: written 0600 in a 0700 folder, and only where
// the caller says. Bounded: at most `maxEntries` vectors (2 KB each), the most recently used kept.
//
// Layout: "KWSEMB01" | u32 dim | u32 count | 16-byte salt | u32 version length | version (padded to
// 4) | count x (16-byte key | dim x f32). A file of another layout, model version or size is ignored.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIM } from './in-thread-engine.js';

const MAGIC = 'KWSEMB01';
const KEY_BYTES = 16;
const ENTRY_BYTES = KEY_BYTES + DIM * 4;
/** 10,000 vectors: a 20 MB file, read whole into memory. */
export const DEFAULT_CACHE_ENTRIES = 10_000;

export interface EmbeddingCache {
  readonly file: string;
  /** The cache key of a text (or of a caller's key for it). */
  keyOf(text: string, callerKey?: string): string;
  get(key: string): Float32Array | undefined;
  set(key: string, vector: Float32Array): void;
  readonly size: number;
  /** Writes the file (atomically) when anything changed; keeps the `maxEntries` most recently used. */
  save(): Promise<void>;
}

/** A Map used as an LRU: its order is recency, so a hit moves the key to the end. */
export function lruGet<V>(entries: Map<string, V>, key: string): V | undefined {
  const v = entries.get(key);
  if (v !== undefined) {
    entries.delete(key);
    entries.set(key, v);
  }
  return v;
}

/** Adds (or refreshes) `key` at the end and drops the least recently used past `max`. */
export function lruSet<V>(entries: Map<string, V>, key: string, value: V, max: number): void {
  entries.delete(key);
  entries.set(key, value);
  if (entries.size > max) entries.delete(entries.keys().next().value!);
}

export function cacheFileName(modelVersion: string): string {
  return `kwsync-embeddings-${modelVersion.replace(/[^A-Za-z0-9.@-]/g, '_')}.bin`;
}

export async function openEmbeddingCache(dir: string, modelVersion: string, maxEntries = DEFAULT_CACHE_ENTRIES): Promise<EmbeddingCache> {
  const file = join(dir, cacheFileName(modelVersion));
  const loaded = await readCacheFile(file, modelVersion, maxEntries);
  const salt = loaded?.salt ?? randomBytes(16);
  // Map order is recency: a get or set moves the key to the end.
  const entries = loaded?.entries ?? new Map<string, Float32Array>();
  let dirty = false;
  return {
    file,
    keyOf(text, callerKey) {
      const h = createHash('sha256').update(salt).update(modelVersion).update('\0');
      h.update(callerKey === undefined ? `t\0${text}` : `k\0${callerKey}`);
      return h.digest('hex').slice(0, KEY_BYTES * 2);
    },
    get: (key) => lruGet(entries, key),
    set(key, vector) {
      lruSet(entries, key, vector, maxEntries);
      dirty = true;
    },
    get size() {
      return entries.size;
    },
    async save() {
      if (!dirty) return;
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // A name of its own (two embedders of one process may save at once) and created here ('wx'), so it gets mode 0600.
      const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, encode(salt, modelVersion, [...entries].slice(-maxEntries)), { mode: 0o600, flag: 'wx' });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
      dirty = false;
    },
  };
}

function header(modelVersion: string): Buffer {
  const version = Buffer.from(modelVersion, 'utf8');
  const padded = Buffer.alloc(Math.ceil(version.length / 4) * 4);
  version.copy(padded);
  const fixed = Buffer.alloc(8 + 4 + 4 + 16 + 4);
  fixed.write(MAGIC, 0, 'latin1');
  fixed.writeUInt32LE(DIM, 8);
  fixed.writeUInt32LE(version.length, 32);
  return Buffer.concat([fixed, padded]);
}

function encode(salt: Buffer, modelVersion: string, list: [string, Float32Array][]): Buffer {
  const head = header(modelVersion);
  head.writeUInt32LE(list.length, 12);
  salt.copy(head, 16);
  const body = Buffer.alloc(list.length * ENTRY_BYTES);
  list.forEach(([key, v], i) => {
    const at = i * ENTRY_BYTES;
    body.write(key, at, 'hex');
    Buffer.from(v.buffer, v.byteOffset, DIM * 4).copy(body, at + KEY_BYTES);
  });
  return Buffer.concat([head, body]);
}

async function readCacheFile(file: string, modelVersion: string, maxEntries: number): Promise<{ salt: Buffer; entries: Map<string, Float32Array> } | null> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch {
    return null; // no cache yet (or unreadable): start empty
  }
  const head = header(modelVersion);
  if (buf.length < head.length || buf.toString('latin1', 0, 8) !== MAGIC || buf.readUInt32LE(8) !== DIM) return null;
  if (buf.readUInt32LE(32) !== Buffer.byteLength(modelVersion) || !buf.subarray(36, head.length).equals(head.subarray(36))) return null;
  const count = buf.readUInt32LE(12);
  if (count > maxEntries || buf.length !== head.length + count * ENTRY_BYTES) return null;
  const salt = Buffer.from(buf.subarray(16, 32));
  // One aligned copy of all vectors; each entry is a view into it.
  const vectors = new Float32Array(count * DIM);
  const entries = new Map<string, Float32Array>();
  for (let i = 0; i < count; i++) {
    const at = head.length + i * ENTRY_BYTES;
    const v = vectors.subarray(i * DIM, (i + 1) * DIM);
    for (let j = 0; j < DIM; j++) v[j] = buf.readFloatLE(at + KEY_BYTES + j * 4);
    entries.set(buf.toString('hex', at, at + KEY_BYTES), v);
  }
  return { salt, entries };
}
