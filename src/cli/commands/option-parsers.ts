// commander option parsers and the value lists their help names, with no dependency but commander:
// every command's definition is built on each start (`kwsync --help` lists them all), so nothing
// here may load zod, undici or the emulator. The lists are checked against their sources by type
// only (`import type` costs nothing at run time), so a change there fails the type check here.
import { InvalidArgumentError } from 'commander';
import type { MAX_MESSAGE_LIMIT as ApiMessageLimit } from '../../api/messages.js';
import type { CALL_STATUSES as ApiCallStatuses } from '../../api/calls.js';
import type { REGIONS as ConfigRegions } from '../../model/config.js';
import type { OutputSchemaName } from '../output-schemas/index.js';

/** Messages per page at most (src/api/messages.ts MAX_MESSAGE_LIMIT; the type says they are equal). */
export const MAX_MESSAGE_LIMIT: typeof ApiMessageLimit = 1000;

type CallStatus = (typeof ApiCallStatuses)[number];
/** The call states of the spec (src/api/calls.ts CALL_STATUSES), in its order. */
export const CALL_STATUSES = ['initiated', 'ongoing', 'ended', 'unanswered', 'rejected', 'canceled'] as const satisfies readonly CallStatus[];

/** The output schemas `kwsync schema --output` prints (the keys of src/cli/output-schemas OUTPUT_SCHEMAS). */
export const OUTPUT_SCHEMA_NAMES = ['validate-report', 'plan', 'plans', 'apply-report', 'preview-report', 'doctor-report', 'explain-report', 'status', 'targets'] as const satisfies readonly OutputSchemaName[];

type Region = (typeof ConfigRegions)[number];
/** The regions of kwsync.yaml (src/model/config.ts REGIONS). */
export const REGIONS = ['us', 'eu', 'in'] as const satisfies readonly Region[];

// Each list names every value of their source: a missing one makes `Missing` a non-never type.
type Missing =
  | Exclude<CallStatus, (typeof CALL_STATUSES)[number]>
  | Exclude<OutputSchemaName, (typeof OUTPUT_SCHEMA_NAMES)[number]>
  | Exclude<Region, (typeof REGIONS)[number]>;
export const listsComplete: [Missing] extends [never] ? true : never = true;

/** How every command that reaches an app describes --target (one resolution: src/sync/service.ts). */
export const TARGET_HELP = 'a target of kwsync.yaml: its app, base URL and key variable (default: the only one, or the environment)';
/** The keywords folder whose kwsync.yaml names the targets. */
export const DIR_HELP = 'the keywords folder (its kwsync.yaml names the targets)';

/** commander parser for a whole number in [min, max]; a bad value is a usage error (exit 64). */
export function intInRange(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
      throw new InvalidArgumentError(`must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`);
    }
    return n;
  };
}

/** UNIX seconds, or an ISO date/time (`2024-06-14`, `2024-06-14T08:00:00Z`) turned into seconds. */
export function parseTimestamp(value: string): number {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms)) throw new InvalidArgumentError('must be UNIX seconds or an ISO date such as 2024-06-14T08:00:00Z');
  return Math.floor(ms / 1000);
}

const SECONDS_PER_DAY = 86_400;

/**
 * For the end of a range (`--to`): a date alone (`2024-06-30`) means the last second of that day
 * in UTC, so `--from D --to D` covers day D. Anything else is read as `parseTimestamp` does.
 */
export function parseEndTimestamp(value: string): number {
  const start = parseTimestamp(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? start + SECONDS_PER_DAY - 1 : start;
}

export function parseList(value: string): string[] {
  const items = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new InvalidArgumentError('must name at least one value, e.g. a,b');
  return items;
}

export function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: string): T => {
    if (!(allowed as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${allowed.join(', ')}`);
    return value as T;
  };
}

export function parseBool(value: string): boolean {
  if (value === 'true' || value === 'yes') return true;
  if (value === 'false' || value === 'no') return false;
  throw new InvalidArgumentError('must be true or false');
}

/** commander's collector for a repeatable option (`--list a --list b`, or `--list a,b`). */
export function collectIds(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...value.split(',').map((s) => s.trim()).filter((s) => s !== '')];
}
