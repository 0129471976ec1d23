// Turns zod issues into located diagnostics with a fix-it: unknown keys get a "did you mean",
// missing keys point at their mapping, wrong types say what was found and how to write it.
import type { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from '../load/diagnose.js';
import { code, oneLine, quote } from '../load/quote-value.js';
import type { YamlFile, YamlPath } from '../load/yaml-file.js';
import { closest, suggestion } from './did-you-mean.js';

type AnySchema = z.core.$ZodType;

/** Unknown keys reported one by one per mapping; the rest are counted in one more diagnostic. */
export const MAX_UNKNOWN_KEYS = 20;

export function schemaIssues(issues: readonly z.core.$ZodIssue[], yaml: YamlFile, schema: AnySchema): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of issues) {
    const path = issue.path as PropertyKey[];
    const name = path.length ? String(path[path.length - 1]) : 'the file';
    switch (issue.code) {
      case 'unrecognized_keys': {
        const known = knownKeysAt(schema, path);
        const nested = new Map(known.flatMap((parent) => knownKeysAt(schema, [...path, parent]).map((child) => [child, parent] as const)));
        // A few are enough to see the mistake; thousands (a crafted file) would only bury the rest.
        for (const key of issue.keys.slice(0, MAX_UNKNOWN_KEYS)) {
          out.push(diagnose(yaml.keyAt(path, key), 'error', 'unknown-key', `unknown key ${quote(key)}; ${suggestion(key, known, 'keys', nested)}`));
        }
        const more = issue.keys.length - MAX_UNKNOWN_KEYS;
        if (more > 0) {
          const where = path.length ? `"${pathText(path)}"` : 'this file';
          out.push(diagnose(yaml.keyAt(path, issue.keys[MAX_UNKNOWN_KEYS]!), 'error', 'unknown-key', `and ${more} more unknown keys in ${where} (only the first ${MAX_UNKNOWN_KEYS} are listed); known keys: ${known.join(', ')}`));
        }
        break;
      }
      case 'invalid_type': {
        const found = describe(valueAt(yaml.value, path));
        if (found === 'nothing' && path.length > 0) {
          out.push(diagnose(yaml.valueAt(path.slice(0, -1)), 'error', 'required-field', missingKey(name, path)));
        } else {
          const explained = explainType(yaml, path, issue.expected);
          if (explained) {
            out.push(explained);
            break;
          }
          const hint = issue.expected === 'string' ? '; put it in quotes to make it text' : '';
          const where = path.length ? `"${pathText(path)}"` : 'the file';
          const d = diagnose(yaml.valueAt(path), 'error', 'invalid-type', `${where} must be ${article(issue.expected)}, found ${found}${hint}`);
          out.push(issue.expected === 'number' ? asFraction(d, yaml, path, schema) : d);
        }
        break;
      }
      case 'invalid_value': {
        if (valueAt(yaml.value, path) === undefined) {
          out.push(diagnose(yaml.valueAt(path.slice(0, -1)), 'error', 'required-field', missingKey(name, path)));
          break;
        }
        const got = valueAt(yaml.value, path);
        const values = issue.values.map(String);
        const rule = name === 'category' ? 'invalid-category' : 'invalid-value';
        const near = closest(String(got), values);
        const hint = near ? ` (did you mean "${near}"?)` : '';
        out.push(diagnose(yaml.valueAt(path), 'error', rule, `"${pathText(path)}" is ${quote(got)}; use one of ${values.join(', ')}${hint}`));
        break;
      }
      case 'too_small':
      case 'too_big': {
        const d = diagnose(yaml.valueAt(path), 'error', 'invalid-value', boundMessage(issue, path, valueAt(yaml.value, path)));
        out.push(issue.code === 'too_big' && Number(issue.maximum) === 1 ? asFraction(d, yaml, path, schema) : d);
        break;
      }
      case 'invalid_format':
        out.push(diagnose(yaml.valueAt(path), 'error', 'invalid-value', `"${pathText(path)}" is ${quote(valueAt(yaml.value, path))}; ${oneLine(issue.message)}`));
        break;
      default:
        out.push(diagnose(yaml.valueAt(path), 'error', 'invalid-value', `"${pathText(path)}": ${oneLine(issue.message)}`));
    }
  }
  return out;
}

/**
 * A share written as a percent (`70`, `20%`) where a fraction is meant: the hint names the fraction
 * (0.7, 0.2), never "at most 1" alone (writing 1 would turn a share check off). The fraction is
 * offered only when it is proven: put in its place, the whole file passes the schema at that key.
 */
function asFraction(d: Diagnostic, yaml: YamlFile, path: YamlPath, schema: AnySchema): Diagnostic {
  const got = valueAt(yaml.value, path);
  const percent = typeof got === 'number' ? got : typeof got === 'string' ? Number(/^\s*(\d{1,3}(?:\.\d+)?)\s*%\s*$/.exec(got)?.[1] ?? NaN) : NaN;
  if (!(percent > 1 && percent <= 100) && !(typeof got === 'string' && percent >= 0 && percent <= 100)) return d;
  const fraction = Number((percent / 100).toFixed(6));
  const raw = yaml.rawAt(path);
  if (!raw || !provenAt(yaml.value, path, fraction, schema)) return d;
  const shown = typeof got === 'string' ? got.trim() : `${got}`;
  return {
    ...d,
    message: `${d.message.replace(/; use a number [^;]*$/, '')}; this setting is a share written as a fraction (0 to 1), so ${shown}${typeof got === 'number' ? ' read as a percent' : ''} is ${fraction} (1 is all of it, not 1%): ${code(String(fraction))}`,
    fix: { line: raw.line, column: raw.column, replace: raw.text, with: String(fraction) },
  };
}

/** Whether `value` at `path` passes the schema (no issue left there) in a copy of the file. */
function provenAt(root: unknown, path: YamlPath, value: number, schema: AnySchema): boolean {
  const copy = structuredClone(root) as Record<PropertyKey, unknown>;
  let v: Record<PropertyKey, unknown> = copy;
  for (const k of path.slice(0, -1)) v = v[k] as Record<PropertyKey, unknown>;
  v[path[path.length - 1]!] = value;
  const result = (schema as unknown as { safeParse(x: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }).safeParse(copy);
  return result.success || !result.error!.issues.some((i) => i.path.map(String).join('.') === path.map(String).join('.'));
}

/** The keys a strict object accepts at `path`, unwrapping optional/default/array wrappers. */
export function knownKeysAt(schema: AnySchema, path: YamlPath): string[] {
  let s: AnySchema | undefined = schema;
  const keys = [...path];
  while (s) {
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === 'object') {
      const shape = def.shape as Record<string, AnySchema>;
      if (keys.length === 0) return Object.keys(shape);
      s = shape[String(keys.shift())];
    } else if (def.type === 'array') {
      keys.shift();
      s = def.element as AnySchema;
    } else if ('innerType' in def) s = def.innerType as AnySchema;
    else if (def.type === 'pipe') s = def.in as AnySchema;
    else return [];
  }
  return [];
}

/** The wrong types an analyst gets from YAML itself: `- #tag` (a comment), `- a: b` (a mapping), `key: a, b` (text, not a list). */
function explainType(yaml: YamlFile, path: YamlPath, expected: string): Diagnostic | null {
  const got = valueAt(yaml.value, path);
  const at = yaml.valueAt(path);
  const line = yaml.source.lineText(at.line);
  const item = /^(\s*-\s+)(.*)$/.exec(line);
  if (expected === 'string' && item && typeof path[path.length - 1] === 'number') {
    const text = item[2]!.trim();
    if (got === null && text.startsWith('#')) {
      const fixed = `- '${text.replace(/'/g, "''")}'`;
      return diagnose(yaml.source.lineCol(at.line, item[1]!.length + 1), 'error', 'term-needs-quotes', `# starts a comment in YAML, so this item is empty; put the term in quotes: ${code(fixed)}`);
    }
    const raw = yaml.rawAt(path);
    if ((typeof got === 'number' || typeof got === 'boolean' || got === null) && raw && !/^['"]/.test(raw.text)) {
      // YAML 1.2 core schema (the `yaml` package's default): 0088 → 88, 1e3 → 1000, 0x1F → 31, true, null, ~.
      const what = typeof got === 'number' ? `the number ${got}` : typeof got === 'boolean' ? `the value ${got}` : 'nothing (null)';
      const quoted = `'${raw.text.replace(/'/g, "''")}'`;
      const d = diagnose(at, 'error', 'term-needs-quotes', `YAML reads ${code(raw.text)} as ${what}, not the text you wrote; put it in quotes: ${code(`- ${quoted}`)}`);
      d.fix = { line: raw.line, column: raw.column, replace: raw.text, with: quoted };
      return d;
    }
    if (got !== null && typeof got === 'object' && !Array.isArray(got) && /: /.test(text)) {
      const fixed = `- '${text.replace(/'/g, "''")}'`;
      return diagnose(at, 'error', 'term-needs-quotes', `": " in a term makes YAML read it as a key and a value; put the term in quotes: ${code(fixed)}`);
    }
  }
  if (expected === 'array' && typeof got === 'string') {
    const key = String(path[path.length - 1]);
    const items = got.includes(',') ? got.split(',').map((t) => t.trim()).filter(Boolean) : [got];
    const flow = `[${items.map((t) => (/^[\w .-]+$/.test(t) && !/^[-.]/.test(t) ? t : JSON.stringify(t))).join(', ')}]`;
    return diagnose(at, 'error', 'invalid-type', `"${pathText(path)}" must be a list, but it is one piece of text; write it as a list in brackets: ${code(`${key}: ${flow}`)}`);
  }
  return null;
}

function valueAt(root: unknown, path: YamlPath): unknown {
  let v = root;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'an empty value';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return typeof v === 'string' ? `text (${quote(v)})` : `${typeof v === 'number' ? 'a number' : typeof v === 'boolean' ? 'true/false' : 'a value'} (${oneLine(String(v), 60)})`;
}

/** What to write instead, for the places where "at least one" is not the whole story. */
const EMPTY_FIXES: Record<string, string> = {
  targets: 'list at least one target, or remove `targets:` to use the environment',
};

/** Out-of-range numbers, lists and texts in plain words, with what to write instead. */
function boundMessage(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, path: YamlPath, got: unknown): string {
  const where = `"${pathText(path)}"`;
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === 'array') {
    if (small && Array.isArray(got) && got.length === 0) return `${where} is empty; ${EMPTY_FIXES[pathText(path)] ?? `list at least ${limit}, or remove the key`}`;
    return `${where} holds ${Array.isArray(got) ? got.length : 'the wrong number of'} items; ${small ? `list at least ${limit}` : `keep at most ${limit}`}`;
  }
  if (issue.origin === 'string') {
    if (small && got === '') return `${where} is empty; write a value, or remove the key`;
    return `${where} is too ${small ? 'short' : 'long'}; use ${small ? 'at least' : 'at most'} ${limit} characters`;
  }
  const bound = small ? (issue.inclusive ? `of at least ${limit}` : `above ${limit}`) : issue.inclusive ? `of at most ${limit}` : `below ${limit}`;
  return `${where} is ${oneLine(String(got), 40)}; use a number ${bound}`;
}

function article(expected: string): string {
  const words: Record<string, string> = { string: 'text', array: 'a list', object: 'a mapping', number: 'a number', int: 'a whole number', boolean: 'true or false' };
  return words[expected] ?? expected;
}

const pathText = (path: YamlPath): string => path.map(String).join('.');

/** What each category matches, in the analyst's words (a missing `category:` lists them all). */
const CATEGORY_MEANS: Record<string, string> = {
  word: 'whole words and phrases, ignoring case',
  pattern: 'regular expressions',
  'sentence-similarity': 'whole sentences, matched by meaning',
};

function missingKey(name: string, path: readonly PropertyKey[]): string {
  if (name !== 'category' || path.length !== 1) return `missing required key "${name}"; add \`${name}: ...\``;
  const values = Object.entries(CATEGORY_MEANS).map(([v, means]) => `\`category: ${v}\` (${means})`);
  return `missing required key "category", which says how the terms are matched; add one of ${values.join(', ')}`;
}
