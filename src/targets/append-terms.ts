// Reads a target override's `appendTermsFrom` file: a CSV (one term per record, the list files'
// own loader) or a YAML file holding `searchTerms: [...]`, inside the keywords folder. Each file
// is read once per validation however many targets append it.
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Limits } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { parseCsvTerms } from '../load/csv-terms.js';
import { diagnose, fileStart } from '../load/diagnose.js';
import { checkInsideFolder, inside } from '../load/inside-folder.js';
import { quote } from '../load/quote-value.js';
import { READ_LIMIT_FACTOR, readSource } from '../load/read-source.js';
import type { Position } from '../load/source-text.js';
import { resolveTermsFile } from '../load/terms-file-path.js';
import { yamlTerms, type TermsSource } from '../load/terms-source.js';
import { parseYamlFile } from '../load/yaml-file.js';
import { schemaIssues } from '../validate/schema-issues.js';
import { MAX_ALIAS_COUNT } from '../validate/validate-list-file.js';

/** A YAML terms file: only the terms, as a list file writes them. */
export const appendedTermsSchema = z.strictObject({
  searchTerms: z.array(z.string()).describe('the terms appended to the list, each as a list file writes them'),
});

export interface AppendedTerms {
  /** Null when the file could not be read or parsed (the diagnostics say why). */
  terms: TermsSource | null;
  /** Problems of the file itself (reading, parsing), located in it or at the reference. */
  diagnostics: Diagnostic[];
  /** The file, when it resolved inside the folder (so a CSV used here is no orphan). */
  abs?: string;
}

export interface AppendContext {
  keywordsDir: string;
  limits: Limits;
  relative(abs: string): string;
}

/** Loads each file once; `at` is where kwsync.yaml names it (for a missing or refused file). */
export function appendedTermsLoader(ctx: AppendContext): (ref: string, at: Position) => Promise<AppendedTerms> {
  const cache = new Map<string, Promise<AppendedTerms>>();
  return (ref, at) => {
    let loading = cache.get(ref);
    if (!loading) {
      loading = loadAppendedTerms(ref, at, ctx);
      cache.set(ref, loading);
    }
    return loading;
  };
}

async function loadAppendedTerms(ref: string, at: Position, ctx: AppendContext): Promise<AppendedTerms> {
  const refused = (rule: string, message: string, abs?: string): AppendedTerms => ({ terms: null, diagnostics: [diagnose(at, 'error', rule, message)], ...(abs ? { abs } : {}) });
  const yaml = /\.ya?ml$/i.test(ref);
  let abs: string;
  if (yaml) {
    const found = await resolveYamlTermsFile(ctx.keywordsDir, ref);
    if (!found.ok) return refused(found.rule, found.message);
    abs = found.abs;
  } else {
    // Relative to kwsync.yaml's folder, which is the keywords folder; the CSV checks are the list files'.
    const found = await resolveTermsFile(ctx.keywordsDir, join(ctx.keywordsDir, 'kwsync.yaml'), ref);
    if (!found.ok) return refused(found.rule, found.message.replace('relative to this list file', 'relative to the keywords folder').replace('next to this list', 'in the keywords folder'));
    abs = found.abs;
  }
  const file = ctx.relative(abs);
  const maxBytes = READ_LIMIT_FACTOR * ctx.limits.maxUploadBytes;
  const source = await readSource(abs, file, {
    maxBytes,
    tooLarge: (bytes) => diagnose(at, 'error', 'list-too-large', `${quote(ref)} is ${bytes} bytes, over ${maxBytes} (${READ_LIMIT_FACTOR} × the ${ctx.limits.maxUploadBytes}-byte upload limit), so it was not read; split it`),
  });
  if (!('text' in source)) return { terms: null, diagnostics: [source], abs };
  if (!yaml) {
    const csv = parseCsvTerms(source);
    return { terms: csv.terms, diagnostics: csv.diagnostics, abs };
  }
  const parsed = parseYamlFile(source, { maxAliasCount: MAX_ALIAS_COUNT, lineMistakes: true });
  if (!parsed.file) return { terms: null, diagnostics: parsed.diagnostics, abs };
  const shape = appendedTermsSchema.safeParse(parsed.file.value ?? {});
  if (!shape.success) {
    const empty = parsed.file.value === null || parsed.file.value === undefined;
    const diagnostics = empty
      ? [diagnose(fileStart(file), 'error', 'empty-file', 'this terms file is empty; write the terms as `searchTerms: [a, b]`')]
      : schemaIssues(shape.error.issues, parsed.file, appendedTermsSchema);
    return { terms: null, diagnostics: [...parsed.diagnostics, ...diagnostics], abs };
  }
  return { terms: yamlTerms(parsed.file, shape.data.searchTerms), diagnostics: parsed.diagnostics, abs };
}

/**
 * The file's own findings (loaded once for every target) said for one target and list: a shared
 * file's mistake then says which target's override reads it. Findings that name it already stay.
 */
export function forTarget(diags: readonly Diagnostic[], target: string, listId: string): Diagnostic[] {
  const prefix = `target ${target}: `;
  return diags.map((d) => (d.message.startsWith(prefix) ? d : { ...d, message: `${prefix}appendTermsFrom of list ${quote(listId)}: ${d.message}` }));
}

/** `target a: X` and `target b: X` at one place become `targets a, b: X`: a file several targets append is one finding. */
export function mergeTargetFindings(diags: readonly Diagnostic[]): Diagnostic[] {
  const byKey = new Map<string, { d: Diagnostic; targets: string[]; rest: string }>();
  const out: Diagnostic[] = [];
  for (const d of diags) {
    const m = /^target ([A-Za-z0-9_.-]+): (appendTermsFrom of list .*)$/s.exec(d.message);
    if (!m) {
      out.push(d);
      continue;
    }
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.rule}\0${m[2]}`;
    const seen = byKey.get(key);
    if (seen) {
      if (!seen.targets.includes(m[1]!)) seen.targets.push(m[1]!);
      continue;
    }
    const entry = { d, targets: [m[1]!], rest: m[2]! };
    byKey.set(key, entry);
    out.push(d);
  }
  const merged = new Map([...byKey.values()].map((e) => [e.d, e.targets.length > 1 ? { ...e.d, message: `targets ${e.targets.join(', ')}: ${e.rest}` } : e.d]));
  return out.map((d) => merged.get(d) ?? d);
}

type Resolved = { ok: true; abs: string } | { ok: false; rule: string; message: string };

/** A YAML terms file: inside the folder, and in a subfolder (every YAML at the top is a list file). */
async function resolveYamlTermsFile(keywordsDir: string, ref: string): Promise<Resolved> {
  const outside: Resolved = { ok: false, rule: 'file-outside-folder', message: `${quote(ref)} is outside the keywords folder; put the terms file inside it and name it relative to the folder` };
  if (isAbsolute(ref) || /^[A-Za-z]:[\\/]/.test(ref) || ref.startsWith('\\')) return outside;
  const abs = resolve(keywordsDir, ref);
  if (!inside(keywordsDir, abs)) return outside;
  if (dirname(abs) === resolve(keywordsDir)) {
    return { ok: false, rule: 'append-terms-list-file', message: `${quote(ref)} is at the top of the keywords folder, where every YAML file is a list file; move it into a subfolder (e.g. extra/${ref}) or write the terms as a CSV` };
  }
  const where = await checkInsideFolder(keywordsDir, abs);
  if (!where.ok) {
    return where.rule === 'file-not-found'
      ? { ok: false, rule: 'file-not-found', message: `${quote(ref)} does not exist; create it or fix the name (relative to the keywords folder)` }
      : { ok: false, rule: 'file-outside-folder', message: `${quote(ref)} is a link to a file outside the keywords folder; copy it into the folder instead` };
  }
  if (!(await stat(where.real)).isFile()) return { ok: false, rule: 'file-not-found', message: `${quote(ref)} is not a file; name a CSV or YAML terms file` };
  return { ok: true, abs };
}
