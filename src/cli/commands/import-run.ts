// `kwsync import`, the run: all live lists into new files, or --list ID merged into the file that holds it.
import { importable, importableRuleId, importListsById, ruleFileFor, importNotes, listFilesFor, mergeLiveList, splitManaged, writeListFiles, type ListImportOutcome } from '../../import/index.js';
import { EXIT, UsageError } from '../../errors.js';
import { LIST_ID_PATTERN } from '../../model/list-file.js';
import { DEFAULT_CONFIG } from '../../model/config.js';
import { readLiveLists } from '../../plan/index.js';
import type { CliIO } from '../io.js';
import { connectApp, loadRepo, resolvePath, useColor, type LoadedRepo } from '../target.js';
import { endpointLine } from '../../plan/summary.js';
import { renderDiagnosticsText, validateRepo } from '../../validate/index.js';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRuleTarget } from '../../sync/rule-target.js';
import { isPublishedDefaultRule } from '../../api/rules.js';
import { displayLine } from '../../load/quote-value.js';
import { PUBLISHED_DEFAULT_LIST_IDS, RULES_FOLDER } from '../../model/moderation-rule.js';
import type { CometChatClient } from '../../api/index.js';
import { join, resolve } from 'node:path';
import { closest } from '../../validate/did-you-mean.js';

export interface ImportCommandOptions {
  dir: string;
  target?: string;
  force?: boolean;
  list?: string[];
  rule?: string[];
}

export async function runImport(io: CliIO, opts: ImportCommandOptions): Promise<number> {
  if (opts.rule && opts.rule.length > 0) {
    if (opts.list && opts.list.length > 0) throw new UsageError('--list and --rule each name one kind of thing to import', { hint: 'run kwsync import --list ID, then kwsync import --rule ID' });
    return runImportRules(io, { dir: opts.dir, target: opts.target, ids: opts.rule, force: opts.force === true });
  }
  if (opts.list && opts.list.length > 0) return runImportLists(io, { dir: opts.dir, target: opts.target, ids: opts.list });
  const dir = resolvePath(io, opts.dir);
  const loaded = await loadRepoIfAny(io, opts.dir, dir, opts.target);
  // Import writes files: every list file manages its id, whichever targets take it (and overrides are not written back).
  const repo = { ...loaded, lists: loaded.folderLists ?? loaded.lists };
  const { keywords: target, endpoint, client } = connectApp(io, repo.config, opts.target);
  const read = await readLiveLists(target, repo.lists.map((l) => l.id));
  const live = read.lists;
  for (const note of importNotes(read)) io.stderr.write(`warning: ${note}\n`);
  const managed = repo.lists.map((l) => ({ id: l.id, file: l.source.file }));
  const isOwnFile = (id: string, file: string) => resolve(io.cwd, file) === join(dir, `${id}.yaml`);
  const { toWrite, skipped } = splitManaged(importable(live), managed, { force: opts.force === true, isOwnFile });
  // --force refreshes a list's own <id>.yaml by merging, so its comments and tests: survive.
  const byId = new Map(repo.lists.map((l) => [l.id, l]));
  const refresh = toWrite.filter((l) => byId.has(l.id));
  const fresh = toWrite.filter((l) => !byId.has(l.id));
  const written = await writeListFiles(listFilesFor(fresh, target.label), { dir, cwd: io.cwd, force: opts.force === true });
  for (const l of refresh) written.push(...(await mergeLiveList(l, byId.get(l.id)!, { cwd: io.cwd })).written);
  const lists = toWrite.length;
  const defaults = read.defaults.length;
  const empty = live.filter((l) => !l.default && l.searchTerms.length === 0).map((l) => l.id);
  io.stdout.write(
    `Imported ${lists} list${lists === 1 ? '' : 's'} from ${target.label} into ${opts.dir}` +
      `${defaults > 0 ? ` (${defaults} default list${defaults === 1 ? '' : 's'} left out)` : ''}:\n` +
      written.map((f) => `  ${f}\n`).join('') +
      (skipped.length > 0 ? 'Not written, because a list file of the folder already defines them (bring in their live content with --list ID):\n' : '') +
      skipped.map((m) => `  ${m.id}: already managed by ${m.files.join(', ')}\n`).join('') +
      (empty.length > 0 ? `Left out, because a list file needs at least one term (they stay unmanaged): ${empty.join(', ')}\n` : '') +
      `Read from ${endpointLine(endpoint)}.\n`,
  );
  const known = new Map<string, string>([...repo.lists.map((l) => [l.id, l.category] as const), ...toWrite.map((l) => [l.id, l.category] as const)]);
  await importRules(io, client, { dir, dirArg: opts.dir, lists: known, force: opts.force === true });
  io.stdout.write('Next: kwsync plan   (should show no changes), then commit the files.\n');
  return EXIT.ok;
}

interface RuleImport {
  dir: string;
  dirArg: string;
  lists: ReadonlyMap<string, string>;
  /** Overwrite an existing rule file (default: leave it and say so). */
  force: boolean;
  /** Only these rule ids (`--rule`); each must be a live custom rule. */
  only?: readonly string[];
}

/** The live custom rules into keywords/rules/<id>.yaml: never a default rule; over an existing file only with force. Returns the files written and the ids asked for that could not be. */
async function importRules(io: CliIO, client: CometChatClient, opts: RuleImport): Promise<{ written: string[]; failed: string[] }> {
  const read = await createRuleTarget(client).listRules();
  if (!read.complete) io.stderr.write(`warning: the rules listing may be incomplete: ${displayLine(read.reason ?? '')}\n`);
  const isDefault = (r: (typeof read.rules)[number]) => r.isDefault || isPublishedDefaultRule(r);
  const failed: string[] = [];
  const lines: string[] = [];
  let custom = read.rules.filter((r) => !isDefault(r));
  if (opts.only) {
    const byId = new Map(read.rules.map((r) => [r.id, r]));
    for (const id of opts.only) {
      const r = byId.get(id);
      if (r && !isDefault(r)) continue;
      failed.push(id);
      const near = closest(id, custom.map((c) => c.id));
      lines.push(r ? `  ${id}: not written: a default rule is the service's own and is never imported` : `  ${id}: not written: no live custom rule has this id${near ? ` (did you mean "${near}"?)` : ''}`);
    }
    custom = custom.filter((r) => opts.only!.includes(r.id));
  }
  const rulesDir = join(opts.dir, RULES_FOLDER);
  const shown = (name: string) => `${opts.dirArg.replace(/\/+$/, '')}/${RULES_FOLDER}/${name}`;
  const written: string[] = [];
  const overwritten: string[] = [];
  for (const rule of custom) {
    if (!importableRuleId(rule.id)) {
      lines.push(`  ${displayLine(JSON.stringify(rule.id))}: not written: a rule id must be letters, digits, - and _ (at most 100) to name a file`);
      failed.push(rule.id);
      continue;
    }
    const file = ruleFileFor(rule, (id) => opts.lists.get(id));
    const exists = existsSync(join(rulesDir, file.name));
    if (exists && !opts.force) {
      lines.push(`  ${rule.id}: not written: ${shown(file.name)} already exists (--force overwrites it with the live rule)`);
      continue;
    }
    await mkdir(rulesDir, { recursive: true });
    await writeFile(join(rulesDir, file.name), file.text, 'utf8');
    written.push(shown(file.name));
    if (exists) overwritten.push(shown(file.name));
    const missing = file.lists.filter((l) => !opts.lists.has(l) && !PUBLISHED_DEFAULT_LIST_IDS.includes(l));
    if (missing.length > 0) lines.push(`  ${rule.id}: references ${missing.map((l) => displayLine(l)).join(', ')}, neither a list file of the folder nor imported: kwsync validate will fail on it`);
  }
  if (written.length === 0 && lines.length === 0) return { written, failed };
  io.stdout.write(
    `Imported ${written.length} rule${written.length === 1 ? '' : 's'} (default rules left out):\n` +
      written.map((f) => `  ${f}${overwritten.includes(f) ? ' (overwritten from live: --force)' : ''}\n`).join('') +
      lines.map((l) => `${l}\n`).join(''),
  );
  return { written, failed };
}

/** `--rule ID…`: each named live custom rule into keywords/rules/<id>.yaml (over an existing file with --force); then check the files written. */
async function runImportRules(io: CliIO, opts: { dir: string; target?: string | undefined; ids: string[]; force: boolean }): Promise<number> {
  const bad = opts.ids.filter((id) => !importableRuleId(id));
  if (bad.length > 0) throw new UsageError(`--rule takes a rule id (letters, digits, - and _, at most 100); got ${bad.map((id) => displayLine(JSON.stringify(id))).join(', ')}`);
  const dir = resolvePath(io, opts.dir);
  const loaded = await loadRepoIfAny(io, opts.dir, dir, opts.target);
  const repo = { ...loaded, lists: loaded.folderLists ?? loaded.lists };
  const { endpoint, client } = connectApp(io, repo.config, opts.target);
  const lists = new Map(repo.lists.map((l) => [l.id, l.category] as const));
  const { written, failed } = await importRules(io, client, { dir, dirArg: opts.dir, lists, force: opts.force, only: [...new Set(opts.ids)] });
  io.stdout.write(`Read from ${endpointLine(endpoint)}.\n`);
  const invalid = written.length > 0 ? await invalidWritten(io, opts.dir, new Set(written)) : 0;
  if (invalid > 0) {
    io.stderr.write(`kwsync: ${invalid} error${invalid === 1 ? '' : 's'} in the rule files written (a list a rule uses needs a file: kwsync import --list ID); fix them before committing (kwsync validate)\n`);
    return EXIT.invalid;
  }
  if (failed.length > 0) return EXIT.failure;
  io.stdout.write(`Next: kwsync plan   (shows no change for ${written.length === 1 ? 'this rule' : 'these rules'}), then commit the files in a pull request.\n`);
  return EXIT.ok;
}

/** The folder's config and lists; a new repo has no folder yet, and then the environment decides the target. */
async function loadRepoIfAny(io: CliIO, dirArg: string, dir: string, target: string | undefined): Promise<LoadedRepo> {
  return existsSync(dir) ? loadRepo(io, dirArg, false, target) : { config: DEFAULT_CONFIG, lists: [] };
}

/** `--list ID…`: merge each named live list into its file; then check the files written. */
async function runImportLists(io: CliIO, opts: { dir: string; target?: string; ids: string[] }): Promise<number> {
  const bad = opts.ids.filter((id) => !LIST_ID_PATTERN.test(id));
  if (bad.length > 0) throw new UsageError(`--list takes a list id (letters, digits, - and _); got ${bad.map((id) => JSON.stringify(id)).join(', ')}`);
  const dir = resolvePath(io, opts.dir);
  const loaded = await loadRepoIfAny(io, opts.dir, dir, opts.target);
  const repo = { ...loaded, lists: loaded.folderLists ?? loaded.lists };
  const { keywords: target, endpoint } = connectApp(io, repo.config, opts.target);
  const outcomes = await importListsById(target, repo.lists, opts.ids, { dir, cwd: io.cwd });
  const done = outcomes.filter((o) => o.kind !== 'failed');
  io.stdout.write(`Brought ${done.length} of ${outcomes.length} list${outcomes.length === 1 ? '' : 's'} from ${target.label} into ${opts.dir}:\n`);
  for (const o of outcomes) io.stdout.write(`  ${describeOutcome(o)}\n`);
  io.stdout.write(`Read from ${endpointLine(endpoint)}.\n`);
  const written = new Set(outcomes.flatMap((o) => ('written' in o ? o.written : [])));
  const invalid = written.size > 0 ? await invalidWritten(io, opts.dir, written) : 0;
  if (invalid > 0) {
    io.stderr.write(`kwsync: ${invalid} error${invalid === 1 ? '' : 's'} in the files written; fix them before committing (kwsync validate)\n`);
    return EXIT.invalid;
  }
  if (done.length < outcomes.length) return EXIT.failure;
  io.stdout.write(`Next: kwsync plan   (shows no change for ${done.length === 1 ? 'this list' : 'these lists'}), then commit the files in a pull request.\n`);
  return EXIT.ok;
}

function describeOutcome(o: ListImportOutcome): string {
  switch (o.kind) {
    case 'failed':
      return `${o.id}: not brought in: ${o.message}${o.hint ? ` (${o.hint})` : ''}`;
    case 'created':
      return `${o.id}: no file defined it; wrote ${o.written.join(', ')} (revision ${o.revisionId})`;
    case 'unchanged':
      return `${o.id}: ${o.file} already matches live (revision ${o.revisionId}); nothing written`;
    case 'merged': {
      const parts = [`+${o.added.length} −${o.removed.length} terms`];
      if (o.added.length > 0) parts.push(`added ${sample(o.added)}`);
      if (o.removed.length > 0) parts.push(`removed ${sample(o.removed)}`);
      if (o.fields.length > 0) parts.push(`${o.fields.join(', ')} from live`);
      return `${o.id}: updated ${o.written.join(' and ')} to revision ${o.revisionId}: ${parts.join('; ')}`;
    }
  }
}

/** A few terms, quoted, so a long change stays one line. */
function sample(terms: readonly string[], max = 5): string {
  const shown = terms.slice(0, max).map((t) => JSON.stringify(t)).join(', ');
  return terms.length > max ? `${shown} and ${terms.length - max} more` : shown;
}

/** Validates the folder and shows the problems of the files just written; returns their error count. */
async function invalidWritten(io: CliIO, dir: string, written: ReadonlySet<string>): Promise<number> {
  const result = await validateRepo({ dir, cwd: io.cwd });
  const files = new Set([...written].map((f) => resolve(io.cwd, f)));
  const mine = result.diagnostics.filter((d) => files.has(resolve(io.cwd, d.file)) && d.severity === 'error');
  if (mine.length > 0) io.stderr.write(renderDiagnosticsText(mine, { color: useColor(io.stderr, io.env) }));
  return mine.length;
}

