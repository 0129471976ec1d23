// Reading query strings the way the service accepts them: booleans as true/false/1/0, integers
// with ranges, arrays as repeated keys, `key[]=` keys or comma lists. Bad values are 400.
import { badRequest } from './http-errors.js';

export type Query = Record<string, string | string[] | undefined>;

function raw(query: Query, name: string): string | undefined {
  const v = query[name];
  return Array.isArray(v) ? v[v.length - 1] : v;
}

export function stringParam(query: Query, name: string): string | undefined {
  const v = raw(query, name);
  return v === undefined || v === '' ? undefined : v;
}

/** A request header such as `onBehalfOf`: the first value, or undefined when absent or empty. */
export function headerParam(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s === '' ? undefined : s;
}

export function boolParam(query: Query, name: string): boolean | undefined {
  const v = stringParam(query, name);
  if (v === undefined) return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest(`The query parameter ${name} must be true or false, not "${v}".`);
}

export function intParam(query: Query, name: string, range: { min?: number; max?: number } = {}): number | undefined {
  const v = stringParam(query, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  if (!/^-?\d+$/.test(v) || n < min || n > max) {
    const bounds = range.min !== undefined || range.max !== undefined ? ` between ${min} and ${max}` : '';
    throw badRequest(`The query parameter ${name} must be an integer${bounds}, not "${v}".`);
  }
  return n;
}

/** `name=a&name=b`, `name[]=a`, and `name=a,b` all give ['a', 'b']. */
export function listParam(query: Query, name: string): string[] | undefined {
  const values = [query[name], query[`${name}[]`]].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  const items = values.flatMap((v) => v.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  return items.length > 0 ? items : undefined;
}

export function enumParam<T extends string>(query: Query, name: string, allowed: readonly T[]): T | undefined {
  const v = stringParam(query, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) {
    throw badRequest(`The query parameter ${name} must be one of ${allowed.join(', ')}, not "${v}".`);
  }
  return v as T;
}
