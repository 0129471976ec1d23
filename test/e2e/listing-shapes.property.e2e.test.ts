// Issue 18 item 4, as a property: whatever default and unmanaged items a listing holds (arbitrary
// extra, missing and null fields, items that are not objects at all), `kwsync plan`, `apply` and
// `import` never abort. Real client, real HTTP: a proxy in front of the emulator adds generated items
// to every GET /moderation/keywords and may spoil the managed list `m2` (in the listing, or by id
// too); everything else (GET by id, writes) is the emulator. When `m2` cannot be read by id either,
// it alone fails (named with its file and the problem) and `m1` is still applied.
import fc from 'fast-check';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kwsync } from '../helpers/cli.js';
import { liveTerms, startHarness, type Harness } from './harness.js';
import { propertyRuns } from '../helpers/runs.js';

const NUM_RUNS = propertyRuns(25, 200);
const ABSENT = Symbol('absent');

const anyValue = fc.oneof(fc.constant(ABSENT), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
const field = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, anyValue);

/** One item of a listing that kwsync does not manage: a default list, an unknown kind, or junk. */
const foreignItem: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.record({
    // 'u' first: never a managed id (m1, m2); otherwise any text, control characters included.
    id: field(fc.string({ maxLength: 12 }).map((s) => `u${s}`)),
    default: fc.oneof(fc.constant(true), fc.constant(false), anyValue),
    appId: fc.oneof(fc.constant('default'), fc.constant('app'), anyValue),
    name: field(fc.string({ maxLength: 20 })),
    category: field(fc.constantFrom('word', 'pattern', 'sentence-similarity', 'image-prompt', 'text-prompt', '')),
    searchTerms: field(fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 })),
    disallowedSentences: field(fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 })),
    revisionId: field(fc.oneof(fc.string({ maxLength: 8 }), fc.integer())),
    description: anyValue,
    extra: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  }).map(({ extra, ...fields }) => ({ ...extra, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ABSENT)) })) },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 })) },
);

/** How the managed list m2 is spoiled: not, in the listing only (GET by id heals it), or everywhere. */
type Spoil = 'none' | 'listing' | 'everywhere';
const spoilM2 = (item: Record<string, unknown>) => ({ ...item, searchTerms: null });

interface Scenario {
  foreign: unknown[];
  spoil: Spoil;
}
let scenario: Scenario = { foreign: [], spoil: 'none' };

let h: Harness;
let proxy: Server;
let proxyUrl: string;

async function body(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

beforeAll(async () => {
  h = await startHarness();
  const upstream = new URL(h.emulator.chatBaseUrl).origin;
  proxy = createServer(async (req, res) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length' && k !== 'connection') headers[k] = v;
    const sent = await body(req);
    const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, ...(sent.length > 0 ? { body: sent } : {}) });
    let text = await answer.text();
    const path = (req.url ?? '').split('?')[0];
    if (answer.ok && req.method === 'GET' && path === '/v3/moderation/keywords') {
      const json = JSON.parse(text) as { data: Record<string, unknown>[] };
      const data = json.data.map((l) => (l.id === 'm2' && scenario.spoil !== 'none' ? spoilM2(l) : l));
      text = JSON.stringify({ ...json, data: [...data, ...scenario.foreign] });
    } else if (answer.ok && req.method === 'GET' && path === '/v3/moderation/keywords/m2' && scenario.spoil === 'everywhere') {
      const json = JSON.parse(text) as { data: Record<string, unknown> };
      text = JSON.stringify({ ...json, data: spoilM2(json.data) });
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v3`;
  await h.writeList('m1', ['a']);
  await h.writeList('m2', ['b']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await h.close();
});

const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);

test(`plan, apply and import never abort on default and unmanaged items of any shape (numRuns ${NUM_RUNS})`, async () => {
  const env = { ...h.env, COMETCHAT_BASE_URL: proxyUrl };
  const run = (argv: string[]) => kwsync(argv, env, h.root);
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(foreignItem, { maxLength: 8 }),
      fc.constantFrom<Spoil>('none', 'listing', 'everywhere'),
      fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 }),
      async (foreign, spoil, terms) => {
        runs += 1;
        scenario = { foreign, spoil };
        await h.writeList('m1', terms);

        const plan = await run(['plan']);
        noStack(plan.stderr);
        expect(plan.stdout).toMatch(/Plan: \d+ to create, \d+ to update, 0 to delete, \d+ unchanged\./);
        if (spoil === 'everywhere') {
          expect(plan.code).toBe(1);
          expect(plan.stdout).toContain('✗ cannot plan m2  (keywords/m2.yaml)');
          // null counts as absent: the reader looks for either published field.
          expect(plan.stdout).toContain('searchTerms: the list has neither searchTerms nor disallowedSentences');
        } else {
          expect([plan.code, plan.stderr]).toEqual([0, '']);
          expect(plan.stdout).not.toContain('cannot plan');
        }

        const apply = await run(['apply', '--auto-approve']);
        noStack(apply.stderr);
        expect(apply.code).toBe(spoil === 'everywhere' ? 1 : 0);
        if (spoil === 'everywhere') expect(apply.stdout).toMatch(/✗ failed +m2 \(update\)\n +not written: the live list for keywords\/m2\.yaml could not be read/);
        expect(await liveTerms(h, 'm1')).toEqual(terms);
        expect(await liveTerms(h, 'm2')).toEqual(['b']);

        const into = await mkdtemp(join(tmpdir(), 'kwsync-import-'));
        try {
          const imported = await run(['import', '--dir', join(into, 'keywords')]);
          noStack(imported.stderr);
          expect([imported.code, imported.stderr.split('\n').filter((l) => l && !l.startsWith('warning: '))]).toEqual([0, []]);
          expect(imported.stdout).toMatch(/^Imported \d+ lists? from /);
        } finally {
          await rm(into, { recursive: true, force: true });
        }
      },
    ),
    { numRuns: NUM_RUNS },
  );
  // The run count as printed in the note of issue 18.
  process.stdout.write(`listing-shapes property: ${runs} runs\n`);
  expect(runs).toBe(NUM_RUNS);
}, 300_000);
