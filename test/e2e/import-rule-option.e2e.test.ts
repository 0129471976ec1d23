// `kwsync import --rule ID` and `--force` for rule files (issue 39 items 3 and 10), through the CLI
// against the emulator over real HTTP: only the named rules are written, an existing file is left
// (and named) unless --force, a default rule or an unknown id fails naming a near miss, a rule using
// a list with no file fails validation (exit 3). Then an attack: seeded live rules whose name and
// description hold YAML-breaking text round-trip (the file parses to the same rule, plan shows it
// unchanged), and a rule id that cannot name a file is refused, never written.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createRule, deleteRule, PUBLISHED_DEFAULT_RULE_IDS } from '../../src/api/index.js';
import { startHarness, type Harness } from './harness.js';
import { rng } from '../helpers/rng.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});
const client = () => h.client();
const listRule = (id: string, list: string, extra: { name?: string; description?: string } = {}) => ({
  id, name: extra.name ?? `Rule ${id}`, description: extra.description ?? '', enabled: true, action: ['blockMessage'],
  conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: [list] }], filters: [],
});

test('--rule writes only the named rules; an existing file is left unless --force, which says it overwrote it', async () => {
  await h.writeList('scam-words', ['free crypto']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await createRule(client(), listRule('block-scams', 'scam-words'));
  await createRule(client(), listRule('flag-scams', 'scam-words'));

  const r = await h.run(['import', '--rule', 'block-scams']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Imported 1 rule (default rules left out):\n  keywords/rules/block-scams.yaml\n');
  expect(existsSync(join(h.keywords, 'rules', 'flag-scams.yaml'))).toBe(false);
  expect((await h.run(['plan', '--detailed-exitcode'])).stdout).not.toMatch(/rule block-scams/);

  const file = join(h.keywords, 'rules', 'block-scams.yaml');
  await writeFile(file, '# mine\nid: block-scams\nname: Old\naction: [flagMessage]\nconditions:\n  - list: scam-words\n', 'utf8');
  const left = await h.run(['import', '--rule', 'block-scams']);
  expect(left.code).toBe(0);
  expect(left.stdout).toContain('block-scams: not written: keywords/rules/block-scams.yaml already exists (--force overwrites it with the live rule)');
  expect(await readFile(file, 'utf8')).toContain('name: Old');

  const forced = await h.run(['import', '--rule', 'block-scams', '--force']);
  expect(forced.code).toBe(0);
  expect(forced.stdout).toContain('  keywords/rules/block-scams.yaml (overwritten from live: --force)');
  expect(parse(await readFile(file, 'utf8'))).toMatchObject({ id: 'block-scams', name: 'Rule block-scams', action: ['blockMessage'] });
  const plan = await h.run(['plan', '--detailed-exitcode']);
  expect(plan.stdout).not.toMatch(/rule block-scams/);
});

test('an unknown id names a near miss and a default rule is refused (exit 1); a rule whose list has no file is invalid (exit 3)', async () => {
  await h.writeList('scam-words', ['free crypto']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await createRule(client(), listRule('block-scams', 'scam-words'));
  const unknown = await h.run(['import', '--rule', 'block-scam']);
  expect(unknown.code).toBe(1);
  expect(unknown.stdout).toContain('block-scam: not written: no live custom rule has this id (did you mean "block-scams"?)');
  const def = [...PUBLISHED_DEFAULT_RULE_IDS][0]!;
  const dflt = await h.run(['import', '--rule', def]);
  expect(dflt.code).toBe(1);
  expect(dflt.stdout).toMatch(new RegExp(`${def}: not written: (a default rule is the service's own|no live custom rule has this id)`));
  expect(existsSync(join(h.keywords, 'rules', `${def}.yaml`))).toBe(false);
  expect((await h.run(['import', '--rule', 'bad\nid'])).code).toBe(64);

  // The rule's list is live but has no file here.
  await h.removeList('scam-words');
  const orphan = await h.run(['import', '--rule', 'block-scams']);
  expect(orphan.code).toBe(3);
  expect(orphan.stdout).toContain('block-scams: references scam-words, neither a list file of the folder nor imported');
  expect(orphan.stderr).toContain('keywords/rules/block-scams.yaml');
  expect(orphan.stderr).toContain('scam-words');
  expect(orphan.stderr).not.toMatch(/\n\s+at /);
});

const SEED = Number(process.env.KWSYNC_PROPERTY_SEED ?? 39310);
const PIECES = ['\n', ': ', ' #', '# ', '---', '...', "'", '"', "''", '\\', '- ', '? ', '{', '}', '[', ']', '&a', '*a', '!tag', '|', '>', '%', '@', '`', '\t', ' ', 'yes', 'null', '~', '0x1F', '1e3', 'é', '漢', '😀', 'a', 'Block'];
function hostile(next: () => number, max: number): string {
  let s = '';
  const n = 1 + Math.floor(next() * 12);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)]!;
  if (next() < 0.15) s = s + 'x'.repeat(max);
  return s.slice(0, max);
}

test(`attack (seed ${SEED}): names and descriptions with YAML-breaking text round-trip through import --rule; a hostile id is refused`, async () => {
  await h.writeList('scam-words', ['free crypto']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  const next = rng(SEED);
  const c = client();
  let runs = 0;
  for (let i = 0; i < 15; i++) {
    const id = `r${i}`;
    const name = hostile(next, 100).trim() || 'x';
    const description = hostile(next, 255);
    await createRule(c, listRule(id, 'scam-words', { name, description }));
    try {
      const imp = await h.run(['import', '--rule', id]);
      expect({ code: imp.code, stderr: imp.stderr }).toEqual({ code: 0, stderr: expect.any(String) as string });
      const doc = parse(await readFile(join(h.keywords, 'rules', `${id}.yaml`), 'utf8')) as { id: string; name: string; description?: string };
      expect({ id: doc.id, name: doc.name, description: doc.description ?? '' }).toEqual({ id, name, description });
      const plan = await h.run(['plan', '--detailed-exitcode']);
      expect({ code: plan.code, rule: plan.stdout.includes(`rule ${id}`) }).toEqual({ code: 0, rule: false });
    } finally {
      await deleteRule(c, id);
      await rm(join(h.keywords, 'rules', `${id}.yaml`), { force: true });
    }
    runs++;
  }
  let refused = 0;
  // Ids that cannot name a file: the full import refuses each, named on one line, and writes nothing for it.
  for (const bad of ['a: b', 'x\n---\ny', '#x', "'q'", 'a'.repeat(101)]) {
    const created = await createRule(c, listRule(bad, 'scam-words')).then(() => true, () => false);
    if (!created) continue;
    refused++;
    const imp = await h.run(['import']);
    expect(imp.code).toBe(0);
    expect(imp.stdout).toContain(`: not written: a rule id must be letters, digits, - and _ (at most 100) to name a file`);
    expect(imp.stdout.split('\n').filter((l) => l.includes('not written: a rule id')).every((l) => !l.includes('\n'))).toBe(true);
    await deleteRule(c, bad);
  }
  process.stdout.write(`import --rule attack: ${runs} runs, seed ${SEED}; ${refused} hostile ids the service took, each refused by import\n`);
}, 120_000);
