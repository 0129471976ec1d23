// R2-M7, as a property: over generated histories of kwsync.yaml (the target's connection set,
// changed, removed, unparsable, unrelated edits) in a real git repository, and a genuine apply
// record at one of its commits or none, the key reaches the head's connection (confirmConnection
// says confirmed) only if it is the target's first connection or the record's commit has it; and
// exactly when, with a record, the record's commit has it, or with none, every state has it.
// KWSYNC_PROPERTY_RUNS / KWSYNC_PROPERTY_SEED replay a run.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { confirmConnection } from '../../src/action/confirmed-connection.js';
import type { TargetConfig } from '../../src/model/config.js';
import { propertyRuns } from '../helpers/runs.js';
import { TempRepo } from './action-harness.js';

const NUM_RUNS = propertyRuns(10, 300);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? 707 : Number(process.env.KWSYNC_PROPERTY_SEED);

type Connection = Pick<TargetConfig, 'appId' | 'baseUrl' | 'apiKeyEnv' | 'environment'>;
type Edit = { kind: 'set'; c: Connection } | { kind: 'remove' } | { kind: 'garbage' } | { kind: 'unrelated' };

const connection: fc.Arbitrary<Connection> = fc.record({
  appId: fc.constantFrom('app1', 'app2'),
  baseUrl: fc.constantFrom(undefined, 'https://collector.attacker.example'),
  apiKeyEnv: fc.constantFrom(undefined, 'COMETCHAT_API_KEY_PRODUCTION'),
  environment: fc.constantFrom(undefined, 'prod'),
});
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: connection.map((c) => ({ kind: 'set' as const, c })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'remove' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'garbage' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'unrelated' as const }) },
);

function yamlOf(c: Connection | undefined, n: number): string {
  const staging = '  - name: staging\n    appId: app9\n';
  const own = c ? `  - name: production\n${Object.entries(c).filter(([, v]) => v !== undefined).map(([k, v]) => `    ${k}: ${v}\n`).join('')}` : '';
  return `# edit ${n}\ntargets:\n${staging}${own}`;
}
const same = (a: Connection, b: Connection) => (['appId', 'baseUrl', 'apiKeyEnv', 'environment'] as const).every((f) => a[f] === b[f]);

let repo: TempRepo;
beforeAll(() => void (repo = new TempRepo()));
afterAll(() => repo.remove());

it(`the key reaches a connection only if it is the target's first or the record's commit has it (${NUM_RUNS} runs, seed ${SEED})`, async () => {
  let confirmed = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(edit, { minLength: 0, maxLength: 6 }), connection, fc.option(fc.nat(), { nil: undefined }), async (edits, last, recordAt) => {
      // A fresh history on an orphan branch: each edit one commit, the head sets `last`.
      repo.git('checkout', '-q', '--orphan', `h${confirmed + refused}`);
      repo.git('rm', '-rq', '--cached', '--ignore-unmatch', '.');
      const states: { sha: string; c: Connection | undefined }[] = [];
      let current: Connection | undefined;
      for (const [i, e] of [...edits, { kind: 'set', c: last } as Edit].entries()) {
        if (e.kind === 'set') current = e.c;
        if (e.kind === 'remove') current = undefined;
        repo.write('keywords/kwsync.yaml', e.kind === 'garbage' ? 'targets: [: nope\n' : yamlOf(current, i));
        states.push({ sha: repo.commit(), c: e.kind === 'garbage' ? undefined : current });
      }
      const withTarget = states.filter((s) => s.c !== undefined);
      const record = recordAt === undefined ? undefined : withTarget[recordAt % withTarget.length];
      const target = { name: 'production', ...last } as TargetConfig;
      const config = { targets: [{ name: 'staging', appId: 'app9' }, target] } as never;
      const applied = record ? { found: true, sha: record.sha } : { found: false, reason: 'no kwsync apply recorded' };
      const answer = await confirmConnection({ workspace: repo.dir, dir: 'keywords', config, target }, applied);

      const first = withTarget[0]!.c!;
      const recordHas = record !== undefined && same(record.c!, last);
      // Safety: only the first connection, or one a genuine record's commit has.
      if (answer.confirmed) expect(same(first, last) || recordHas).toBe(true);
      // And exactly the rule: a record decides by its commit; without one, every state agrees.
      const expected = record ? recordHas : withTarget.every((s) => same(s.c!, last));
      expect([answer.confirmed, answer.confirmed ? '' : answer.why]).toEqual([expected, answer.confirmed ? '' : expect.any(String)]);
      if (answer.confirmed) confirmed += 1;
      else refused += 1;
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`confirmed-connection property: ${NUM_RUNS} runs, seed ${SEED}: ${confirmed} confirmed, ${refused} refused\n`);
  expect(confirmed).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
}, 240_000);
