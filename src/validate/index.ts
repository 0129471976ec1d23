// validateRepo: every list file in the keywords folder checked offline, every problem collected
// and located. Pure apart from reading the folder; never throws for bad input.
import { stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../errors.js';
import type { KwsyncConfig, Limits, ValidateLevels } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { DesiredList } from '../model/keyword-list.js';
import { diagnose, fileStart } from '../load/diagnose.js';
import { discoverListFiles } from '../load/discover-list-files.js';
import { CONFIG_FILES, loadConfig } from './load-config.js';
import { newestFirst, readGitBase } from '../load/git-base.js';
import { checkRepo, type PlacedList } from './rules/repo.js';
import { validateListFile, type ListFileResult } from './validate-list-file.js';
import { checkConfusables } from './confusables.js';
import { checkPathCharacters } from './path-characters.js';
import { checkNeverRead, presentFiles } from './rules/never-read.js';
import { applyRuleLevels, ruleLevelProblems } from './rule-levels.js';
import { overBudget, tooSlow, validationBudget, type ValidationBudget } from './work-budget.js';
import type { ModelCost, SentenceChecks } from './sentence-checks.js';
import type { EmbedderLoad } from '../similarity/embedder.js';
import { configPlaces } from '../targets/config-places.js';
import type { DesiredRule } from '../model/moderation-rule.js';
import type { RuleFilesValidation } from './rule-files/index.js';
import { hasRulesFolder } from './rule-files/rules-folder.js';
import type { ResolvedTarget, TargetsResolution } from '../targets/resolve-target.js';
import type { LeftOut } from '../targets/left-out.js';

export { renderDiagnosticsText, renderSummary } from './render-text.js';
export { renderDiagnosticsGithub } from './render-github.js';
export { renderValidationJson, type ValidationJson } from './render-json.js';
export { encodeTerms, uploadBytes, termsEncoding } from '../model/terms-encoding.js';
export { validateUntrusted, UNTRUSTED_DEADLINE_MS, UNTRUSTED_HEAP_MB, type UntrustedOptions } from './untrusted.js';
export { validationBudget, type ValidationBudget } from './work-budget.js';
export type { ModelCost, SentenceChecks } from './sentence-checks.js';

/** List files read ahead of the one being checked: enough that the main thread never waits on a read (a 1 MB list checks in ~40 ms). */
const READ_AHEAD = 2;

export interface RepoValidation {
  config: KwsyncConfig; // DEFAULT_CONFIG when keywords/kwsync.yaml is absent
  configFile: string | null;
  /**
   * The lists to send: the chosen target's resolved set (kwsync.yaml `include`, `exclude`, `omit`,
   * `overrides`; see ValidateOptions.target), else every list that parsed, as written. Only
   * trustworthy when errorCount === 0.
   */
  lists: DesiredList[];
  /** The rule files that validated (keywords/rules/*.yaml); only trustworthy when errorCount === 0. */
  rules?: DesiredRule[];
  /** The folder has rules/: kwsync manages the app's custom rules (plan, apply, prune). */
  rulesManaged?: boolean;
  /** Every list of the folder that parsed, as written (no target applied). */
  folderLists: DesiredList[];
  /** The target `lists` was resolved for, when kwsync.yaml has targets and one was chosen. */
  target?: string;
  /** Every kwsync.yaml target's resolved lists by target name (what `lists` would be for it), when kwsync.yaml has targets. */
  targetLists?: Record<string, DesiredList[]>;
  /** Per kwsync.yaml target, the folder's lists it leaves out and why (`kwsync targets`), when kwsync.yaml has targets. */
  targetsLeftOut?: Record<string, LeftOut[]>;
  diagnostics: Diagnostic[]; // sorted by file, line, column
  errorCount: number;
  warningCount: number;
  /** The git ref compared with, when --base was given and git could read it. */
  base?: string;
  /** Per list file that ran its `tests:` examples (or skipped them, with the reason). */
  tests: { file: string; examples: number; skipped?: string }[];
  /** When a sentence-similarity list exists: how many sentences the model checked, or why it did not (a note, never a finding). */
  sentenceChecks?: SentenceChecks;
  /** When the sentence model ran: its time, memory and engine (`kwsync validate --verbose`). */
  sentenceModel?: ModelCost;
}

export interface ValidateOptions {
  dir: string;
  cwd: string;
  /** A git ref to compare with (e.g. `origin/main`): repository-wide rules point at what changed, and shrinking lists are flagged. */
  base?: string;
  /** Limits to validate with instead of kwsync.yaml's (a PR plan: the stricter of the base's and the PR's). */
  limits?: Limits;
  /** Rule levels to validate with instead of kwsync.yaml's `validate:` (a PR plan: the stricter of the base's and the PR's). */
  levels?: ValidateLevels;
  /** Deadline, heap cap and example budget of the run (validateUntrusted sets them); default: the example budget only. */
  budget?: ValidationBudget;
  /**
   * Run the model-based sentence checks (`kwsync validate` does; plan, apply and the rest do not, as
   * the warnings are advisory and the model takes seconds): `true` for the optional model, or a
   * loader (tests pass a fake). The model loads only when a sentence-similarity list exists.
   */
  sentenceChecks?: true | (() => Promise<EmbedderLoad>);
  /**
   * 'changed' (what `kwsync validate` passes unless --sentence-checks): the model loads only when a
   * sentence list changed against `base`; without a base, or with none changed, the checks are
   * skipped with a note. Default 'always'.
   */
  sentenceChecksWhen?: 'changed' | 'always';
  /**
   * The kwsync.yaml target whose lists `lists` holds. A name this kwsync.yaml does not define is an
   * error (a pull request that drops the target it is planned for). Without it, `lists` are the
   * folder's as written (validate, fmt, explain), unless `onlyTarget`.
   */
  target?: string;
  /** Without `target`: the only target's lists when kwsync.yaml has exactly one (what commands that send lists want). */
  onlyTarget?: boolean;
  /**
   * Per list file (as its `source.file`), look-alike rules whose `accept:` the cross-list look-alike
   * check does not honour: a PR plan passes what the PR newly accepts, so the swapped term is still
   * reported at its line (issue 37 item 3).
   */
  notAccepted?: ReadonlyMap<string, readonly string[]>;
}

export async function validateRepo(opts: ValidateOptions): Promise<RepoValidation> {
  const keywordsDir = resolve(opts.cwd, opts.dir);
  const rel = (abs: string): string => relative(opts.cwd, abs).split(sep).join('/') || '.';
  if (!(await isDirectory(keywordsDir))) {
    throw new ConfigError(`keywords folder not found: ${rel(keywordsDir)}`, { hint: 'run from the repository root, or pass --dir <folder>' });
  }
  const loaded = await loadConfig(keywordsDir, rel);
  const { configFile, diagnostics } = loaded;
  const config = { ...loaded.config, ...(opts.limits ? { limits: opts.limits } : {}), ...(opts.levels ? { validate: opts.levels } : {}) };
  for (const p of ruleLevelProblems(config.validate)) {
    const at = configFile ? fileStart(configFile) : fileStart(rel(keywordsDir));
    diagnostics.push(diagnose(at, 'error', 'config-rule-level', p.message));
  }
  // Recursive: lists may sit in folders (keywords/es/, keywords/brand-a/); paths are relative to the folder.
  const discovered = await discoverListFiles(keywordsDir, { termsFiles: appendedFiles(config) });
  const listFiles = discovered.lists;
  const placed: PlacedList[] = [];
  const usedCsv = new Set<string>();
  const tests: RepoValidation['tests'] = [];
  const budget = opts.budget ?? validationBudget();
  const validate = (name: string, turn?: Promise<unknown>) => validateListFile(join(keywordsDir, name), { keywordsDir, limits: config.limits, relative: rel, budget, ...(turn ? { turn } : {}) });
  // Two files ahead: their reads proceed while this one is parsed (results are still taken in order,
  // and each file's examples wait for the file before it: `turn`).
  const pending: Promise<ListFileResult>[] = [];
  const queue = (j: number) => {
    if (j >= listFiles.length) return;
    const p = validate(listFiles[j]!, pending.at(-1));
    p.catch(() => undefined); // a failure is reported when its turn comes, not as an unhandled rejection
    pending.push(p);
  };
  for (let j = 0; j < Math.min(READ_AHEAD + 1, listFiles.length); j++) queue(j);
  for (let i = 0; i < listFiles.length; i++) {
    const name = listFiles[i]!;
    const over = overBudget(budget);
    if (over) {
      // Every file not checked is named, so the run ends with findings rather than a hang or a silent pass.
      for (const rest of listFiles.slice(i)) diagnostics.push(tooSlow(fileStart(rel(join(keywordsDir, rest))), budget, over, 'this list file was not checked'));
      break;
    }
    const current = pending.shift()!;
    queue(i + READ_AHEAD + 1);
    const result = await current;
    diagnostics.push(...result.diagnostics);
    if (result.placed) placed.push(result.placed);
    if (result.termsFileAbs) usedCsv.add(result.termsFileAbs);
    if (result.tests && (result.tests.examples > 0 || result.tests.skipped)) tests.push({ file: rel(join(keywordsDir, name)), ...result.tests });
  }
  const base = opts.base ? await readGitBase(opts.cwd, rel(keywordsDir), opts.base) : null;
  const at = configPlaces(loaded.yaml, configFile, rel(keywordsDir));
  // Targets (and minimatch, for their globs) load only when kwsync.yaml has some; without, nothing is resolved.
  const resolution: TargetsResolution =
    config.targets === undefined
      ? { targets: [], diagnostics: [], usedFiles: [] }
      : await (await import('../targets/resolve-target.js')).resolveTargets({ config, at, lists: placed, keywordsDir, relative: rel, budget, incomplete: placed.length < listFiles.length });
  diagnostics.push(...resolution.diagnostics);
  for (const abs of resolution.usedFiles) usedCsv.add(abs);
  const selective = resolution.targets.some((t) => t.selective) ? resolution.targets : undefined;
  // Past the list limit, name the newest list: added since the base, else by git history.
  const newest = placed.length > config.limits.maxLists ? (base ? { added: base.added } : { rank: await newestFirst(opts.cwd, rel(keywordsDir)) }) : undefined;
  diagnostics.push(...checkRepo(placed, config, base?.changed, newest, selective));
  const unaccept = opts.notAccepted;
  const lookAlikePlaced = unaccept && unaccept.size > 0
    ? placed.map((p) => {
        const drop = unaccept.get(p.list.source.file);
        return drop && p.accepted ? { ...p, accepted: new Set([...p.accepted].filter((r) => !drop.includes(r))) } : p;
      })
    : placed;
  diagnostics.push(...(await checkConfusables(lookAlikePlaced)), ...checkPathCharacters(discovered.files.map((f) => rel(join(keywordsDir, f)))));
  // The base's rules, and below the sentence checks, load only when they run: validate's start is part of its time.
  if (base) {
    const [{ checkShrunk }, { checkRenamed }] = await Promise.all([import('./rules/list-shrunk.js'), import('./rules/list-renamed.js')]);
    diagnostics.push(...(await checkShrunk(placed, base, config)), ...(await checkRenamed(placed, base)));
  }
  const runSentences = opts.sentenceChecks !== undefined && !SENTENCE_RULES.every((r) => config.validate.rules[r] === 'off');
  const sentences = runSentences
    ? await (await import('./sentence-checks.js')).checkSentences(placed, {
        loadEmbedder: opts.sentenceChecks === true ? defaultEmbedder : opts.sentenceChecks!,
        threshold: config.preview.similarity.threshold,
        budget,
        ...(opts.sentenceChecksWhen === 'changed'
          ? { onlyIf: { test: sentenceListChanged(base), why: base ? `no sentence list changed against ${base.ref}` : 'they run for a sentence list changed against --base' } }
          : {}),
      })
    : undefined;
  if (sentences) diagnostics.push(...sentences.diagnostics);
  for (const name of discovered.csv) {
    const abs = join(keywordsDir, name);
    if (!usedCsv.has(abs)) {
      diagnostics.push(diagnose(fileStart(rel(abs)), 'warning', 'orphan-terms-file', 'no list file uses this CSV; reference it with `file:` or delete it'));
    }
  }
  // The rule checks (zod schemas, references across files) load only when the folder has rule files.
  const ruleFiles: RuleFilesValidation =
    discovered.rules.length > 0
      ? await (await import('./rule-files/index.js')).validateRuleFiles({ keywordsDir, files: discovered.rules, listIds: placed.map((p) => p.list.id), relative: rel })
      : { managed: await hasRulesFolder(keywordsDir), rules: [], diagnostics: [] };
  diagnostics.push(...ruleFiles.diagnostics);
  const read = new Set([...listFiles, ...discovered.rules, ...CONFIG_FILES].map((n) => join(keywordsDir, n)));
  for (const abs of usedCsv) read.add(abs);
  diagnostics.push(...checkNeverRead({ keywordsDir, present: await presentFiles(keywordsDir), read, relative: rel, skipped: discovered.skipped }));
  // Levels given by the caller are already the stricter of base and head; else the base's count too.
  const levels = base && !opts.levels ? await (await import('./base-levels.js')).withBaseLevels(config.validate, base, CONFIG_FILES.map((n) => rel(join(keywordsDir, n)))) : config.validate;
  const leveled = applyRuleLevels(diagnostics, levels).sort(byPlace);
  const errorCount = leveled.filter((d) => d.severity === 'error').length;
  const folderLists = placed.map((p) => p.list);
  const chosen = chosenTarget(resolution.targets, opts.target, config.targets !== undefined, opts.onlyTarget === true);
  if (chosen === 'unknown') {
    const known = resolution.targets.map((t) => t.name).join(', ');
    const d = diagnose(at.value(['targets']), 'error', 'target-unknown', `target ${opts.target} is not defined here (targets: ${known}); add it back to kwsync.yaml, or plan another target`);
    return { config, configFile, lists: [], folderLists, diagnostics: [...leveled, d].sort(byPlace), errorCount: errorCount + 1, warningCount: leveled.length - errorCount, tests, ...(base ? { base: base.ref } : {}) };
  }
  const lists = chosen ? chosen.lists.map((p) => p.list) : folderLists;
  return {
    config,
    configFile,
    lists,
    folderLists,
    ...(ruleFiles.managed ? { rules: ruleFiles.rules, rulesManaged: true } : {}),
    ...(chosen ? { target: chosen.name } : {}),
    ...(config.targets !== undefined ? { targetLists: Object.fromEntries(resolution.targets.map((t) => [t.name, t.lists.map((p) => p.list)])) } : {}),
    ...(config.targets !== undefined ? { targetsLeftOut: Object.fromEntries(resolution.targets.map((t) => [t.name, t.leftOut])) } : {}),
    diagnostics: leveled,
    errorCount,
    warningCount: leveled.length - errorCount,
    tests,
    ...(base ? { base: base.ref } : {}),
    ...(sentences?.checks ? { sentenceChecks: sentences.checks } : {}),
    ...(sentences?.model ? { sentenceModel: sentences.model } : {}),
  };
}

/** Whether the validation failed because its kwsync.yaml lacks the target asked for (a commit before the target was added). */
export function lacksTarget(v: { diagnostics: readonly Diagnostic[] }): boolean {
  return v.diagnostics.some((d) => d.rule === 'target-unknown');
}

/** The named target, else (`only`) the only one; 'unknown' for a name kwsync.yaml's targets lack. */
function chosenTarget(targets: readonly ResolvedTarget[], name: string | undefined, hasTargets: boolean, only: boolean): ResolvedTarget | 'unknown' | undefined {
  if (name === undefined) return only && targets.length === 1 ? targets[0] : undefined;
  if (!hasTargets) return undefined; // no targets: the environment is the target, whatever it is called
  return targets.find((t) => t.name === name) ?? 'unknown';
}

const SENTENCE_RULES = ['sentence-near-duplicate', 'sentence-generic'];

/** With a base: whether a sentence list's file (or its CSV) changed. Without one, nothing says so. */
function sentenceListChanged(base: { changed(path: string): boolean } | null): (p: PlacedList) => boolean {
  return (p) => base !== null && (base.changed(p.list.source.file) || (p.list.source.termsFile !== undefined && base.changed(p.list.source.termsFile)));
}
const defaultEmbedder = async (): Promise<EmbedderLoad> => (await import('../similarity/embedder.js')).loadEmbedder();

export { isHiddenOrEditorFile } from '../load/discover-list-files.js';

/** The files kwsync.yaml's overrides append terms from (relative to the keywords folder). */
function appendedFiles(config: KwsyncConfig): string[] {
  return (config.targets ?? []).flatMap((t) => Object.values(t.overrides ?? {}).flatMap((o) => (o.appendTermsFrom === undefined ? [] : typeof o.appendTermsFrom === 'string' ? [o.appendTermsFrom] : o.appendTermsFrom)));
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function byPlace(a: Diagnostic, b: Diagnostic): number {
  return (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column;
}
