// Every `--format json` output has a published JSON Schema in schema/, generated from the zod
// schema the code uses. Each committed file must be current, and each command's real output (over
// HTTP to the emulator) must validate against the committed file, with ajv as a consumer would.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { OUTPUT_SCHEMA_NAMES, outputJsonSchema, type OutputSchemaName } from '../../src/cli/output-schemas/index.js';
import { planChecksum } from '../../src/plan/index.js';
import { startHarness, type Harness } from '../e2e/harness.js';
import { kwsync } from '../helpers/cli.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const committed = async (name: string) => JSON.parse(await readFile(join(ROOT, 'schema', `${name}.schema.json`), 'utf8')) as Record<string, unknown>;

test.each(OUTPUT_SCHEMA_NAMES)('schema/%s.schema.json is current (regenerate: kwsync schema --output <name> > schema/<name>.schema.json)', async (name) => {
  expect(await committed(name)).toEqual(outputJsonSchema(name));
  const printed = await kwsync(['schema', '--output', name]);
  expect(printed.code).toBe(0);
  expect(JSON.parse(printed.stdout)).toEqual(outputJsonSchema(name));
});

const ajv = new Ajv2020({ allErrors: true, strict: true });
async function expectValid(name: OutputSchemaName, stdout: string): Promise<Record<string, unknown>> {
  const value = JSON.parse(stdout) as Record<string, unknown>;
  const validate = ajv.getSchema(name) ?? (ajv.addSchema(await committed(name), name), ajv.getSchema(name)!);
  const ok = validate(value);
  expect(ok ? [] : validate.errors).toEqual([]);
  // One version field name everywhere, at the top.
  expect(value.formatVersion).toBe(1);
  return value;
}

describe('each command output validates against its committed schema', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.writeList('mild', ['darn', 'heck']);
    await h.writeList('phones', ['\\d{3}-\\d{4}'], { category: 'pattern' });
  });
  afterAll(() => h.close());

  test('validate --format json (keeps `version` as the old name)', async () => {
    const r = await h.run(['validate', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(await expectValid('validate-report', r.stdout)).toMatchObject({ version: 1, valid: true });
  });

  test('validate --format json with errors and warnings', async () => {
    await writeFile(join(h.keywords, 'broken.yaml'), 'id: broken\nname: B\ncategory: word\nsearchTerms: [a, a]\nextra: 1\n');
    try {
      const r = await h.run(['validate', '--format', 'json']);
      expect(r.code).toBe(3);
      const v = await expectValid('validate-report', r.stdout);
      expect((v.diagnostics as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await h.removeList('broken');
    }
  });

  test('validate --format json with a worked-out fix (the structured `fix` field is published)', async () => {
    await writeFile(join(h.keywords, 'quotes.yaml'), 'id: quotes\nname: Q\ncategory: word\nsearchTerms: [\u201cscam\u201d, fraud]\n');
    try {
      const r = await h.run(['validate', '--format', 'json']);
      expect(r.code).toBe(3);
      const v = await expectValid('validate-report', r.stdout);
      const fixes = (v.diagnostics as { fix?: { replace: string } }[]).filter((d) => d.fix);
      expect(fixes.length).toBeGreaterThan(0);
    } finally {
      await h.removeList('quotes');
    }
  });

  test('validate --format json --base names the ref it compared with', async () => {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: h.root, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const r = await h.run(['validate', '--format', 'json', '--base', 'HEAD']);
    expect(r.code).toBe(0);
    expect(await expectValid('validate-report', r.stdout)).toMatchObject({ base: 'HEAD', valid: true });
  });

  test('plan --format json and plan --out write the same versioned shape', async () => {
    const r = await h.run(['plan', '--format', 'json', '--out', 'plan.json']);
    expect(r.code).toBe(0);
    const printed = await expectValid('plan', r.stdout);
    const saved = await expectValid('plan', await readFile(join(h.root, 'plan.json'), 'utf8'));
    expect(saved.checksum).toBe(printed.checksum);
  });

  test('preview --format json (keeps `version` as the old name)', async () => {
    const r = await h.run(['preview', '--group', 'cometchat-guid-1', '--messages', '300', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(await expectValid('preview-report', r.stdout)).toMatchObject({ version: 1, messagesScanned: 300 });
  });

  test('apply --format json, then apply --plan of a file from before the top-level version', async () => {
    const applied = await h.run(['apply', '--auto-approve', '--format', 'json']);
    expect(applied.code).toBe(0);
    const report = await expectValid('apply-report', applied.stdout);
    expect((report.results as { outcome: string }[]).map((x) => x.outcome)).toEqual(['applied', 'applied']);

    // An old saved plan: {plan, checksum} only. It still applies.
    await h.writeList('mild', ['darn', 'heck', 'frick']);
    const fresh = JSON.parse((await h.run(['plan', '--format', 'json'])).stdout) as { plan: unknown };
    await writeFile(join(h.root, 'old-plan.json'), JSON.stringify({ plan: fresh.plan, checksum: planChecksum(fresh.plan) }));
    const old = await h.run(['apply', '--plan', 'old-plan.json', '--format', 'json']);
    // The one line on stderr: the record of this apply in .git/kwsync/ (the harness is a git repository).
    expect(old.stderr).toMatch(/^(kwsync: recorded this apply [^\n]*\n)?$/);
    expect(old.code).toBe(0);
    await expectValid('apply-report', old.stdout);
  });

  test('status --format json (no token: the fallback to HEAD\'s lists is in the report)', async () => {
    const r = await h.run(['status', '--format', 'json', '--repo', 'acme/lists']);
    expect(r.code).toBe(0);
    const v = await expectValid('status', r.stdout);
    expect(v).toMatchObject({ repository: 'acme/lists', ref: 'HEAD' });
    expect((v.targets as { target: string; applied: { found: boolean }; comparedWith: { source: string } }[]).map((t) => [t.target, t.applied.found, t.comparedWith.source])).toEqual([['default', false, 'ref']]);
  });

  test('a saved plan with an unknown formatVersion is refused (exit 4) with a hint', async () => {
    const fresh = JSON.parse((await h.run(['plan', '--format', 'json'])).stdout) as Record<string, unknown>;
    await writeFile(join(h.root, 'future.json'), JSON.stringify({ ...fresh, formatVersion: 2 }));
    const r = await h.run(['apply', '--plan', 'future.json']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^kwsync: future\.json has formatVersion 2; this kwsync reads 1\n {2}hint: /);
  });
});
