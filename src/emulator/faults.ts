// Fault injection. Two kinds: random rates from a seeded PRNG (soak tests, demos) and a scripted
// queue that fires an exact number of times (tests that count attempts). Scripted only:
// - 'drop-after': the request is processed, then the connection dies (the write landed, the answer is lost);
// - 'edit-before': another writer changes the list (adds a term, revision +1) just before this
//   request is processed, i.e. between a client's re-read and its write;
// - 'delete-before': another writer deletes the list (`editList`, default the one the path names)
//   just before this request is processed;
// - 'create-before': another writer creates the list `editList` (one term, `editTerm`) just before
//   this request is processed, when no list has that id;
// - 'trickle': a normal answer whose body arrives one byte every `trickleMs` (default 1000);
// - 'cut-body': a normal answer (headers with the full content-length) whose connection dies after
//   half of the body: a transient reset mid-body. Sent after the work is done, like 'drop-after'.
// - 'other-list': the answer names another list (its `id` becomes `answerId`, default the asked id
//   upper-cased): a listing and GET by id that spell an id differently, or a mock serving one list;
// - 'no-default-flag': every list of the answer loses its `default` field, a default list keeping
//   only `appId: "default"` (or nothing, with `dropAppId`): shapes that say "default" in one place
//   and not in another.
// - 'omit-list': a listing answer leaves out the lists `omitIds` names, its meta counted as if they
//   did not exist (`meta.current.count`, `meta.pagination.count` and `total`): a listing that looks
//   whole but is not, while GET by id still finds them.
import { splitAppPath } from './apps.js';
import { createPrng } from './prng.js';

export type FaultType = '429' | '502' | '503' | '504' | 'drop' | 'drop-after' | 'edit-before' | 'delete-before' | 'create-before' | 'trickle' | 'cut-body' | 'latency' | 'other-list' | 'no-default-flag' | 'omit-list';

export interface ScriptedFault {
  type: FaultType;
  count: number;
  method?: string;
  /**
   * A string matches the path with or without its `/v3` / `/calls/v3` prefix, and every path under it;
   * without `/apps/<app>` it matches that path of every app, with it only that app's.
   */
  path?: string | RegExp;
  retryAfterSeconds?: number;
  latencyMs?: number;
  /** 'trickle': milliseconds between bytes of the body. */
  trickleMs?: number;
  /** 'edit-before': the term the other writer adds (default `live-edit-<n>`). */
  editTerm?: string;
  /** 'edit-before' / 'delete-before' / 'create-before': the list the other writer edits, deletes or creates (default: the one the request's path names). */
  editList?: string;
  /** 'omit-list': the ids a listing answer leaves out. */
  omitIds?: string[];
  /** Let this many matching requests pass before the fault starts firing. */
  skip?: number;
  /** 'other-list': the id the answer names instead. */
  answerId?: string;
  /** 'no-default-flag': drop `appId` as well, so nothing in the answer says "default". */
  dropAppId?: boolean;
}

export interface RandomFaults {
  /** Added before each request is handled: the emulator's own work comes on top of it. */
  latencyMs?: number;
  /**
   * The service's response time as a client sees it: each answer is held until this long after its
   * request arrived, the emulator's own work inside it (a remote service's work does not run on the
   * client's CPU). Benchmarks use it so that "pages x latency" is the floor; 0 or absent: off.
   */
  responseTimeMs?: number;
  failRate?: number;
  rateLimitRate?: number;
  dropRate?: number;
}

/** What to do with one request: wait first, then maybe fail it. */
export interface FaultDecision {
  delayMs: number;
  /** Hold the answer until this long after the request arrived (RandomFaults.responseTimeMs). */
  respondAfterMs?: number;
  fault?: Exclude<FaultType, 'latency'>;
  retryAfterSeconds?: number;
  trickleMs?: number;
  editTerm?: string;
  editList?: string;
  answerId?: string;
  dropAppId?: boolean;
  omitIds?: string[];
  /** The label for the request log. */
  label?: string;
}

export interface FaultInjector {
  decide(method: string, path: string): FaultDecision;
  inject(fault: ScriptedFault): void;
  setRandom(faults: RandomFaults | undefined): void;
  /** Forget every scripted fault still queued and every random rate. */
  clear(): void;
}

const PREFIXES = ['/calls/v3', '/v3'];

export function createFaultInjector(seed: number, initial: RandomFaults | undefined): FaultInjector {
  const prng = createPrng(seed ^ 0x5eed);
  let random: RandomFaults = { ...initial };
  const queue: ScriptedFault[] = [];

  const scripted = (method: string, path: string): ScriptedFault | undefined => {
    const found = queue.find((f) => f.count > 0 && matches(f, method, path));
    if (!found) return undefined;
    if ((found.skip ?? 0) > 0) {
      found.skip = (found.skip ?? 0) - 1;
      return undefined;
    }
    found.count -= 1;
    return found;
  };

  return {
    inject(fault) {
      queue.push({ ...fault });
    },
    setRandom(faults) {
      random = { ...faults };
    },
    clear() {
      queue.length = 0;
      random = {};
    },
    decide(method, path) {
      const f = scripted(method, path);
      if (f) {
        if (f.type === 'latency') return { delayMs: f.latencyMs ?? 100, label: 'latency' };
        return {
          delayMs: 0,
          fault: f.type,
          retryAfterSeconds: f.retryAfterSeconds ?? 1,
          ...(f.trickleMs !== undefined ? { trickleMs: f.trickleMs } : {}),
          ...(f.editTerm !== undefined ? { editTerm: f.editTerm } : {}),
          ...(f.editList !== undefined ? { editList: f.editList } : {}),
          ...(f.answerId !== undefined ? { answerId: f.answerId } : {}),
          ...(f.dropAppId !== undefined ? { dropAppId: f.dropAppId } : {}),
          ...(f.omitIds !== undefined ? { omitIds: f.omitIds } : {}),
          label: f.type,
        };
      }
      const delayMs = random.latencyMs ?? 0;
      const hold = random.responseTimeMs ? { respondAfterMs: random.responseTimeMs } : {};
      // One draw per rate keeps the sequence stable whichever rates are set.
      const drop = prng.chance(random.dropRate ?? 0);
      const fail = prng.chance(random.failRate ?? 0);
      const limited = prng.chance(random.rateLimitRate ?? 0);
      if (drop) return { delayMs, fault: 'drop', label: 'drop' };
      if (fail) return { delayMs, ...hold, fault: '503', label: '503' };
      if (limited) return { delayMs, ...hold, fault: '429', retryAfterSeconds: 1, label: '429' };
      return { delayMs, ...hold };
    },
  };
}

function matches(f: ScriptedFault, method: string, path: string): boolean {
  if (f.method !== undefined && f.method.toUpperCase() !== method.toUpperCase()) return false;
  if (f.path === undefined) return true;
  // A named app's path (`/apps/<app>/v3/...`) matches without its app too: a fault without one hits every app.
  const short = PREFIXES.reduce((p, prefix) => (p.startsWith(`${prefix}/`) ? p.slice(prefix.length) : p), splitAppPath(path).rest);
  if (f.path instanceof RegExp) {
    f.path.lastIndex = 0;
    const onFull = f.path.test(path);
    f.path.lastIndex = 0;
    return onFull || f.path.test(short);
  }
  const want = f.path.replace(/\/+$/, '');
  return [path, short].some((p) => p === want || p.startsWith(`${want}/`));
}

/**
 * A JSON answer as the fault rewrites it ('other-list', 'no-default-flag', 'omit-list'); any other
 * payload (an error page, a non-JSON body) is returned as it is.
 */
export function rewriteAnswer(decision: FaultDecision, payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  let body: { data?: unknown; meta?: unknown };
  try {
    body = JSON.parse(payload) as { data?: unknown; meta?: unknown };
  } catch {
    return payload;
  }
  if (decision.fault === 'omit-list') return JSON.stringify(omitLists(body, new Set(decision.omitIds ?? [])));
  const lists = (Array.isArray(body.data) ? body.data : [body.data]).filter((l): l is Record<string, unknown> => typeof l === 'object' && l !== null && 'id' in l);
  for (const l of lists) {
    if (decision.fault === 'other-list') l['id'] = decision.answerId ?? String(l['id']).toUpperCase();
    if (decision.fault === 'no-default-flag') {
      // The published listing example's shape: a default list says so by `appId: "default"` alone.
      const wasDefault = l['default'] === true || l['appId'] === 'default';
      delete l['default'];
      if (decision.dropAppId) delete l['appId'];
      else if (wasDefault) l['appId'] = 'default';
    }
  }
  return JSON.stringify(body);
}

/** A listing answer without the lists `omit` names, its meta counting as if they did not exist. */
function omitLists(body: { data?: unknown; meta?: unknown }, omit: ReadonlySet<string>): { data?: unknown; meta?: unknown } {
  if (!Array.isArray(body.data)) return body;
  const kept = body.data.filter((l) => !(typeof l === 'object' && l !== null && omit.has(String((l as Record<string, unknown>)['id']))));
  const meta = typeof body.meta === 'object' && body.meta !== null ? (body.meta as Record<string, Record<string, unknown> | undefined>) : undefined;
  const current = meta?.['current'];
  if (current && typeof current['count'] === 'number') current['count'] = kept.length;
  const pagination = meta?.['pagination'];
  if (pagination && typeof pagination['count'] === 'number') pagination['count'] = kept.length;
  // The lists it leaves out are left out of every page: the total drops by all of them.
  if (pagination && typeof pagination['total'] === 'number') pagination['total'] = Math.max(0, pagination['total'] - omit.size);
  return { ...body, data: kept };
}
