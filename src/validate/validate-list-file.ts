// One list file, start to finish: read, parse with positions, check the shape (zod, strict), the
// fields, the terms (inline or CSV), the patterns and the examples. Never throws on bad input.
import { dirname, resolve } from 'node:path';
import type { Limits } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { DesiredList } from '../model/keyword-list.js';
import { listFileSchema, type ListFile } from '../model/list-file.js';
import { parseCsvTerms } from '../load/csv-terms.js';
import { diagnose, fileStart } from '../load/diagnose.js';
import { checkInsideFolder } from '../load/inside-folder.js';
import { READ_LIMIT_FACTOR, readSource } from '../load/read-source.js';
import { resolveTermsFile } from '../load/terms-file-path.js';
import { yamlTerms, type TermsSource } from '../load/terms-source.js';
import { parseYamlFile, type YamlFile } from '../load/yaml-file.js';
import { checkAccept, withoutAccepted } from './rules/accept.js';
import { checkListFields } from './rules/list-fields.js';
import { checkListTests } from './rules/list-tests.js';
import { checkPattern, checkPatterns } from './rules/patterns.js';
import { loadBacktrackingAnalysis } from './rules/pattern-backtracking.js';
import type { PlacedList } from './rules/repo.js';
import { checkTerms } from './rules/terms.js';
import { notReadAfterError } from './rules/never-read.js';
import { proveFixes } from './prove-fix.js';
import { commentCutItems, meaningHints } from './rules/term-meaning.js';
import { termHints } from './rules/term-hints.js';
import type { Category } from '../model/keyword-list.js';
import { yamlScalar } from '../load/term-fix.js';
import { code, quote } from '../load/quote-value.js';
import type { SourceText } from '../load/source-text.js';
import { salvageListFile } from './salvage-list-file.js';
import { ruleInListFolder } from './rule-files/rules-folder.js';
import { schemaIssues } from './schema-issues.js';
import type { ValidationBudget } from './work-budget.js';

export const MAX_ALIAS_COUNT = 100;
const YAML_ALLOWANCE = 64 * 1024;

export interface ListFileContext {
  keywordsDir: string;
  limits: Limits;
  /** Path relative to the working directory, forward slashes. */
  relative(abs: string): string;
  /** The run's deadline, heap cap and example budget (validateRepo makes one per run). */
  budget?: ValidationBudget;
  /**
   * Settles when the file before this one is done: validateRepo reads one file ahead, and the
   * examples' shared budget must be spent in file order, or which list gets `test-budget` depends on timing.
   */
  turn?: Promise<unknown>;
}

export interface ListFileResult {
  placed: PlacedList | null;
  diagnostics: Diagnostic[];
  /** Absolute path of the CSV the list uses, if any. */
  termsFileAbs?: string;
  tests?: { examples: number; skipped?: string };
  /** The rules the list accepts (`accept:`), already applied to `diagnostics` by validateListFile. */
  accepted?: ReadonlySet<string>;
}

export async function validateListFile(abs: string, ctx: ListFileContext): Promise<ListFileResult> {
  const result = await checkListFile(abs, ctx);
  return result.accepted ? { ...result, diagnostics: withoutAccepted(result.diagnostics, result.accepted) } : result;
}

async function checkListFile(abs: string, ctx: ListFileContext): Promise<ListFileResult> {
  const file = ctx.relative(abs);
  const where = await checkInsideFolder(ctx.keywordsDir, abs);
  if (!where.ok) return { placed: null, diagnostics: [diagnose(fileStart(file), 'error', where.rule, where.message)] };
  // Keys, comments and quoting make a list file bigger than its upload: a fixed allowance on top.
  const maxBytes = READ_LIMIT_FACTOR * ctx.limits.maxUploadBytes + YAML_ALLOWANCE;
  const source = await readSource(abs, file, {
    maxBytes,
    tooLarge: (bytes) => diagnose(fileStart(file), 'error', 'file-too-large', `this file is ${bytes} bytes, over ${maxBytes} (${READ_LIMIT_FACTOR} × the upload limit + ${YAML_ALLOWANCE}), so it was not read; split the list`),
  });
  if (!('text' in source)) return { placed: null, diagnostics: [source] };
  if (source.text.trim() === '') {
    return { placed: null, diagnostics: [diagnose(fileStart(file), 'error', 'empty-file', 'this list file is empty; add id, name, category and searchTerms (see `kwsync schema`)')] };
  }
  const parsed = parseYamlFile(source, { maxAliasCount: MAX_ALIAS_COUNT, lineMistakes: true });
  if (!parsed.file) {
    const unread = notReadAfterError(source, parsed.diagnostics.filter((d) => d.severity === 'error').map((d) => d.line));
    return { placed: null, diagnostics: [...patternFixesChecked(source.text, parsed.diagnostics), ...(unread ? [unread] : [])] };
  }
  const yaml = parsed.file;
  const rule = ruleInListFolder(yaml);
  if (rule) return { placed: null, diagnostics: [rule] };
  plainNumbersAsText(yaml);
  // A shape error is reported, and the fields that do parse are still checked (nothing hides the rest).
  const shape = listFileSchema.safeParse(yaml.value);
  const diagnostics = [...parsed.diagnostics, ...(shape.success ? [] : schemaIssues(shape.error.issues, yaml, listFileSchema))];
  const salvaged = shape.success ? { data: shape.data, present: new Set(Object.keys(shape.data)) } : salvageListFile(yaml.value);
  if (!salvaged) return { placed: null, diagnostics };
  const partial = salvaged.data;
  if (partial.category === 'pattern') await loadBacktrackingAnalysis();
  diagnostics.push(...checkListFields(yaml, partial, ctx.limits, salvaged.present));
  const { accepted, diagnostics: acceptIssues } = checkAccept(yaml, partial.accept);
  diagnostics.push(...acceptIssues);
  const loaded = await loadTerms(yaml, partial, abs, ctx, 'termIndexes' in salvaged ? salvaged.termIndexes : undefined);
  diagnostics.push(...loaded.diagnostics);
  const termsFileAbs = loaded.abs ? { termsFileAbs: loaded.abs } : {};
  if (!loaded.terms) return { placed: null, diagnostics, accepted, ...termsFileAbs };

  if (partial.category === 'word' && partial.searchTerms !== undefined) diagnostics.push(...commentCut(source));
  const termsAt = yaml.valueAt([partial.file !== undefined ? 'file' : 'searchTerms']);
  const terms = checkTerms(loaded.terms, ctx.limits, termsAt, partial.category);
  // Items that are not text (`- 0088`) are reported where they are; the list is not also "empty".
  const written = (yaml.value as { searchTerms?: unknown } | null)?.searchTerms;
  const dropped = Array.isArray(written) && written.length > loaded.terms.values.length;
  diagnostics.push(...(dropped ? terms.diagnostics.filter((d) => d.rule !== 'list-empty') : terms.diagnostics));
  if (partial.category === 'pattern') diagnostics.push(...checkPatterns(loaded.terms, terms.broken, ctx.budget).diagnostics);
  // Every fix on a term is proven (no term lost or merged, the examples still pass) or withheld.
  diagnostics.splice(0, diagnostics.length, ...proveFixes(diagnostics, loaded.terms, partial.category, partial.tests));
  if (!shape.success) return { placed: null, diagnostics, accepted, ...termsFileAbs };
  const data = shape.data;

  const list: DesiredList = {
    id: data.id,
    name: data.name,
    description: data.description ?? '',
    category: data.category,
    searchTerms: loaded.terms.values,
    source: { file, ...(loaded.abs ? { termsFile: ctx.relative(loaded.abs) } : {}) },
  };
  let tests: ListFileResult['tests'];
  if (!withoutAccepted(diagnostics, accepted).some((d) => d.severity === 'error')) {
    await ctx.turn?.catch(() => undefined);
    const run = await checkListTests(yaml, data, list, ctx.budget);
    diagnostics.push(...run.diagnostics);
    tests = { examples: run.examples, ...(run.skipped ? { skipped: run.skipped } : {}) };
  }
  return {
    placed: { list, idAt: yaml.valueAt(['id']), termsAt, accepted, terms: loaded.terms, ...(data.labels ? { labels: data.labels } : {}) },
    diagnostics,
    accepted,
    ...termsFileAbs,
    ...(tests ? { tests } : {}),
  };
}

/**
 * A quoted term is still a term: a YAML fix (`- '[0-9]{4}'`, `- "don't"`) is offered only when the
 * term it writes has no error of its own (a pattern that validates; a word-list term that is not a
 * wildcard, regex or markup); otherwise the fix is withheld and the message says what is next.
 */
function patternFixesChecked(text: string, diags: Diagnostic[]): Diagnostic[] {
  const category = /^category:\s*['"]?(pattern|word|sentence-similarity)['"]?\s*(#.*)?$/m.exec(text)?.[1] as Category | undefined;
  if (!category) return diags;
  return diags.map((d) => {
    if (!d.fix || (d.rule !== 'yaml-reserved-start' && d.rule !== 'yaml-apostrophe')) return d;
    const value = parseQuoted(d.fix.with);
    const error = value === undefined ? undefined : quotedTermError(value, category);
    if (!error) return d;
    const { fix: _dropped, ...rest } = d;
    const what = category === 'pattern' ? 'the pattern itself' : 'the term itself';
    const said = d.message.endsWith('`') && d.message.includes('; ') ? d.message.slice(0, d.message.lastIndexOf('; ')) : d.message;
    return { ...rest, message: `${said}; no fix is offered, as quoted, ${what} is still wrong: ${error}` };
  });
}

/** The first error a term written by a YAML fix would get on its own. */
function quotedTermError(value: string, category: Category): string | undefined {
  if (category === 'pattern') return checkPattern(value).find((f) => f.severity === 'error')?.message;
  const hint = [...termHints(value, category, { tabsAllowed: false, continued: false }), ...meaningHints(value, category, false)].find((h) => h.severity === 'error');
  return hint?.message;
}

/** The text of a one-line YAML scalar written by a fix. */
function parseQuoted(scalar: string): string | undefined {
  if (scalar.startsWith("'")) return scalar.slice(1, -1).replace(/''/g, "'");
  if (scalar.startsWith('"')) return JSON.parse(scalar) as string;
  return undefined;
}

async function loadTerms(
  yaml: YamlFile,
  data: Partial<ListFile>,
  listAbs: string,
  ctx: ListFileContext,
  termIndexes?: readonly number[],
): Promise<{ terms: TermsSource | null; diagnostics: Diagnostic[]; abs?: string }> {
  if (data.searchTerms !== undefined) return { terms: yamlTerms(yaml, data.searchTerms, termIndexes), diagnostics: [] };
  if (data.file === undefined) return { terms: null, diagnostics: [] };
  const path = await resolveTermsFile(ctx.keywordsDir, listAbs, data.file);
  if (!path.ok) {
    const named = resolve(dirname(listAbs), data.file);
    const d = diagnose(yaml.valueAt(['file']), 'error', path.rule, path.message);
    const raw = path.renamed !== undefined ? yaml.rawAt(['file']) : undefined;
    if (raw && raw.text === data.file) d.fix = { line: raw.line, column: raw.column, replace: raw.text, with: path.renamed! };
    // The file meant (other letter case) is in use: not also an orphan.
    return { terms: null, diagnostics: [d], abs: path.renamed !== undefined ? resolve(dirname(listAbs), path.renamed) : named };
  }
  const maxBytes = READ_LIMIT_FACTOR * ctx.limits.maxUploadBytes;
  const source = await readSource(path.abs, ctx.relative(path.abs), {
    maxBytes,
    tooLarge: (bytes) =>
      diagnose(yaml.valueAt(['file']), 'error', 'list-too-large', `the terms file is ${bytes} bytes, over ${maxBytes} (${READ_LIMIT_FACTOR} × the ${ctx.limits.maxUploadBytes}-byte upload limit), so it was not read; split the list`),
  });
  if (!('text' in source)) return { terms: null, diagnostics: [source], abs: path.abs };
  const csv = parseCsvTerms(source);
  // Row advice (csv-rows.ts) reads only csv-multiple-fields diagnostics: loaded when there is one.
  const rows = csv.diagnostics.some((d) => d.rule === 'csv-multiple-fields');
  return { terms: csv.terms, diagnostics: rows ? (await import('./csv-rows.js')).csvRowAdvice(csv.diagnostics, source) : csv.diagnostics, abs: path.abs };
}

/**
 * `- 420` is the number 420 to YAML, and its text is exactly what was written: a term, not a
 * mistake. Such items become text before the shape check; `- 0088` or `- 1e3` (whose number reads
 * differently) stay numbers and get term-needs-quotes. One typeof a term; positions are unchanged.
 */
function plainNumbersAsText(yaml: YamlFile): void {
  const terms = (yaml.value as { searchTerms?: unknown } | null)?.searchTerms;
  if (!Array.isArray(terms)) return;
  for (let i = 0; i < terms.length; i++) {
    const t: unknown = terms[i];
    if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) continue;
    if (yaml.rawAt(['searchTerms', i])?.text === String(t)) terms[i] = String(t);
  }
}

/** `- join #freecrypto now`: the rest of the line after ` #` is a YAML comment, so the term is cut short. */
function commentCut(source: SourceText): Diagnostic[] {
  return commentCutItems(source.text).map((c) => {
    const fixed = yamlScalar(c.meant);
    const d = diagnose(
      source.lineCol(c.line, c.column),
      'error',
      'term-cut-by-comment',
      `YAML reads " #" as the start of a comment, so this term is ${quote(c.raw)}, not ${quote(c.meant)}, and ${quote(c.raw)} alone catches ordinary chat; put the whole term in quotes: ${code(`- ${fixed}`)} (a comment is written "# like this", after a space)`,
    );
    d.fix = { line: c.line, column: c.column, replace: source.lineText(c.line).slice(c.column - 1).trimEnd(), with: fixed };
    return d;
  });
}
