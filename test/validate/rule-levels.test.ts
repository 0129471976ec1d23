// kwsync.yaml `validate:` levels: applied inside validateRepo (so the CLI, the Action and the PR plan
// agree), only lowerable where lowering cannot break an upload, and in a PR the stricter of base and head.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema } from '../../src/model/config.js';
import { guardChanges, guardOf, stricterGuard } from '../../src/action/guard.js';
import { applyRuleLevels, stricterLevels } from '../../src/validate/rule-levels.js';
import { validateRepo } from '../../src/validate/index.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

const d = (rule: string, severity: 'error' | 'warning'): Diagnostic => ({ file: 'keywords/a.yaml', line: 1, column: 1, rule, severity, message: 'x' });
const levels = (v: unknown) => configSchema.parse({ validate: v }).validate;

describe('applyRuleLevels', () => {
  it.each([
    ['nothing set: as found', {}, d('term-dash', 'warning'), 'warning'],
    ['strict: a warning fails', { strict: true }, d('term-dash', 'warning'), 'error'],
    ['a rule raised', { rules: { 'term-dash': 'error' } }, d('term-dash', 'warning'), 'error'],
    ['a rule lowered', { rules: { 'csv-separator': 'warning' } }, d('csv-separator', 'error'), 'warning'],
    ['a rule off', { rules: { 'orphan-terms-file': 'off' } }, d('orphan-terms-file', 'warning'), null],
    ['strict, but a rule set to warning keeps its own level', { strict: true, rules: { 'term-dash': 'warning' } }, d('term-dash', 'warning'), 'warning'],
    ['an error that breaks the upload cannot be lowered', { rules: { 'yaml-syntax': 'off' } }, d('yaml-syntax', 'error'), 'error'],
  ] as const)('%s', (_name, config, diag, want) => {
    const out = applyRuleLevels([diag], levels(config));
    expect(out.map((x) => x.severity)).toEqual(want === null ? [] : [want]);
  });
});

describe('stricterLevels (a PR cannot lower a rule for itself)', () => {
  it.each([
    ['head turns a rule off, base left it at its default', {}, { rules: { 'csv-separator': 'off' } }, {}],
    ['head lowers, base raised', { rules: { 'term-dash': 'error' } }, { rules: { 'term-dash': 'off' } }, { 'term-dash': 'error' }],
    ['both lower: the higher of the two', { rules: { 'term-dash': 'warning' } }, { rules: { 'term-dash': 'off' } }, { 'term-dash': 'warning' }],
    ['head raises: taken', {}, { rules: { 'term-dash': 'error' } }, { 'term-dash': 'error' }],
  ] as const)('%s', (_name, base, head, want) => {
    expect(stricterLevels(levels(base), levels(head)).rules).toEqual(want);
  });

  it('strict from either side stays on, and the guard says what the PR changed', () => {
    const base = configSchema.parse({ validate: { strict: true } });
    const head = configSchema.parse({ validate: { rules: { 'csv-separator': 'off' } } });
    const guard = stricterGuard(guardOf(base), guardOf(head));
    expect(guard.validate).toEqual({ strict: true, rules: {} });
    expect(guardChanges(guardOf(base), guardOf(head))).toEqual(['validate.strict true → false', 'validate.rules.`csv-separator` `default` → `off`']);
  });
});

describe('validateRepo honours the levels', () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'kwsync-levels-'));
    mkdirSync(join(cwd, 'keywords'));
    await writeFile(join(cwd, 'keywords/list.yaml'), 'id: a\nname: A\ncategory: word\nfile: terms.csv\n');
    await writeFile(join(cwd, 'keywords/terms.csv'), 'scam;fraud\nspam;phish\n');
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  it('out of the box, a list-changing mistake is an error (the PR fails)', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd });
    expect(r.errorCount).toBe(2);
    expect(r.diagnostics.map((x) => x.rule)).toEqual(['csv-separator', 'csv-separator']);
  });

  it('kwsync.yaml can turn it off, and `levels` (the stricter of base and head) overrides kwsync.yaml', async () => {
    await writeFile(join(cwd, 'keywords/kwsync.yaml'), 'validate:\n  rules:\n    csv-separator: off\n');
    expect((await validateRepo({ dir: 'keywords', cwd })).diagnostics).toEqual([]);
    const base = levels({});
    const head = levels({ rules: { 'csv-separator': 'off' } });
    const r = await validateRepo({ dir: 'keywords', cwd, levels: stricterLevels(base, head) });
    expect(r.errorCount).toBe(2);
  });

  it('a level an error rule cannot take is itself an error in kwsync.yaml, with a did-you-mean', async () => {
    await writeFile(join(cwd, 'keywords/kwsync.yaml'), 'validate:\n  rules:\n    csv-seperator: off\n');
    const r = await validateRepo({ dir: 'keywords', cwd });
    const bad = r.diagnostics.find((x) => x.rule === 'config-rule-level');
    expect(bad).toMatchObject({ file: 'keywords/kwsync.yaml', severity: 'error' });
    expect(bad!.message).toContain('did you mean csv-separator?');
  });

  it('strict: true makes the warnings fail', async () => {
    await writeFile(join(cwd, 'keywords/terms.csv'), 'scam\n');
    await writeFile(join(cwd, 'keywords/orphan.csv'), 'x\n');
    expect((await validateRepo({ dir: 'keywords', cwd })).errorCount).toBe(0);
    await writeFile(join(cwd, 'keywords/kwsync.yaml'), 'validate:\n  strict: true\n');
    const r = await validateRepo({ dir: 'keywords', cwd });
    expect(r.diagnostics.map((x) => [x.rule, x.severity])).toEqual([['orphan-terms-file', 'error']]);
  });
});

describe('with --base, the base kwsync.yaml levels count too (stage one of the PR plan, the CLI in CI)', () => {
  const git = (dir: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'kwsync-levels-git-'));
    mkdirSync(join(cwd, 'keywords'));
    await writeFile(join(cwd, 'keywords/list.yaml'), 'id: a\nname: A\ncategory: word\nfile: terms.csv\n');
    await writeFile(join(cwd, 'keywords/terms.csv'), 'scam;fraud\n');
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  it('a change that turns an error off for itself still fails against its base', async () => {
    git(cwd, 'init', '-q', '-b', 'main');
    git(cwd, 'add', '.');
    git(cwd, 'commit', '-q', '-m', 'base');
    await writeFile(join(cwd, 'keywords/kwsync.yaml'), 'validate:\n  rules:\n    csv-separator: off\n');
    expect((await validateRepo({ dir: 'keywords', cwd })).errorCount).toBe(0);
    expect((await validateRepo({ dir: 'keywords', cwd, base: 'main' })).errorCount).toBe(1);
  });

  it('a level the base already sets stays in force', async () => {
    await writeFile(join(cwd, 'keywords/kwsync.yaml'), 'validate:\n  rules:\n    csv-separator: off\n');
    git(cwd, 'init', '-q', '-b', 'main');
    git(cwd, 'add', '.');
    git(cwd, 'commit', '-q', '-m', 'base');
    expect((await validateRepo({ dir: 'keywords', cwd, base: 'main' })).errorCount).toBe(0);
  });
});
