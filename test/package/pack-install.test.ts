// The package as an adopting team gets it: `npm pack`, installed into an empty project, runs
// `npx kwsync` with only its runtime dependencies (dev dependencies are never installed there).
// Uses the npm registry only for what the local cache lacks (--prefer-offline).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { BUSY_GROUP, startEmulator } from '../../src/emulator/index.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';

const root = process.cwd();
// npm's own range library (a transitive dev dependency; no types shipped).
const semver = createRequire(import.meta.url)('semver') as { satisfies(v: string, r: string): boolean; subset(a: string, b: string): boolean };
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tmp = mkdtempSync(join(tmpdir(), 'kwsync-pack-'));
const project = join(tmp, 'adopter');
const exec = promisify(execFile);

// The parent `npm test` passes npm_* settings down; only the cache location should carry over.
const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || /^npm_config_cache$/i.test(k)));
env.NO_UPDATE_NOTIFIER = '1';

async function run(cmd: string, args: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(cmd, args, { cwd, env: { ...env, ...extraEnv }, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? String(err) };
  }
}
const kwsync = (...args: string[]) => run('npx', ['--no', '--', 'kwsync', ...args], project);

/** The newest modification time of any file under `dir` (0 when there is none). */
function newestMtime(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((newest, e) => Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

let packed: { filename: string; files: { path: string }[] };
beforeAll(async () => {
  // `npm ci` builds dist/ through `prepare`; build it here when a checkout has none yet, or when
  // a source file is newer than the library entry's declarations (a stale dist/ would be packed).
  const entry = join(root, 'dist/lib.d.ts');
  if (!existsSync(join(root, 'dist/cli/main.js')) || !existsSync(entry) || statSync(entry).mtimeMs < newestMtime(join(root, 'src'))) {
    const built = await run('npm', ['run', 'build'], root);
    if (built.code !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  }
  const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], root);
  if (pack.code !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  packed = JSON.parse(pack.stdout)[0];
  mkdirSync(project);
  // npm applies `overrides` of the root project only: kwsync's own (content-type 2, cookie 1, which
  // declare Node >= 18, in place of content-type 3 and cookie 2, which declare Node >= 22) do not
  // reach an adopter. On Node 20 the adopter adds the same block (docs/adopting.md, "The package");
  // this project does, taken from kwsync's package.json so the two cannot drift apart.
  const { overrides } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { overrides: Record<string, unknown> };
  const adopterOverrides = Object.fromEntries(Object.entries(overrides).filter(([k]) => k !== 'unrs-resolver'));
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'adopter', private: true, overrides: adopterOverrides }, null, 2)}\n`);
  // engine-strict: npm refuses any package of the installed tree whose `engines` excludes this Node,
  // so a passing install proves package.json's `engines` is true of the whole tree on this version.
  const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', join(tmp, packed.filename)], project, {
    npm_config_engine_strict: 'true',
  });
  if (install.code !== 0) throw new Error(`npm install of the tarball failed: ${install.stderr}`);
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the packed package', () => {
  it('holds the CLI, the bin and the schemas, and none of the sources, tests, maps or CI files', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['bin/kwsync.js', 'dist/cli/main.js', 'dist/lib.js', 'dist/lib.d.ts', 'schema/list-file.schema.json', 'schema/kwsync.schema.json', 'package.json', 'README.md']));
    expect(paths.filter((p) => /^(src|test|bench|keywords|action-dist|node_modules|\.github|docs)\//.test(p) || p.endsWith('.map'))).toEqual([]);
    expect(pkg.bin).toEqual({ kwsync: 'bin/kwsync.js' });
  });

  it('imports, in its compiled code, only node: built-ins and declared runtime dependencies', () => {
    const files = packed.files.map((f) => f.path).filter((p) => p.endsWith('.js'));
    const specifiers = new Set<string>();
    for (const f of files) {
      const code = readFileSync(join(root, f), 'utf8');
      // A module specifier holds no white space: a sentence that ends in "from" inside a string is not an import.
      for (const m of code.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)'([^'.\s][^'\s]*)'/g)) specifiers.add(m[1]!.split('/').slice(0, m[1]!.startsWith('@') ? 2 : 1).join('/'));
    }
    const undeclared = [...specifiers].filter((s) => !s.startsWith('node:') && !(s in pkg.dependencies) && !(s in (pkg.optionalDependencies ?? {})));
    expect(specifiers.has('commander')).toBe(true);
    expect(undeclared).toEqual([]);
  });

  it('installed with engine-strict: every package of the tree admits this Node and kwsync\'s own `engines` range', () => {
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } }> };
    const claimed = (pkg as { engines: { node: string } }).engines.node;
    const excluding = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.engines?.node !== undefined)
      .filter(([, p]) => !semver.satisfies(process.versions.node, p.engines!.node!) || !semver.subset(claimed, p.engines!.node!))
      .map(([path, p]) => `${path}@${p.version}: ${p.engines!.node}`);
    expect(excluding).toEqual([]);
    expect(lock.packages['node_modules/content-type']?.version).toBe('2.1.0');
    expect(lock.packages['node_modules/cookie']?.version).toBe('1.1.1');
  });

  it('installs without any dev dependency, and `npx kwsync --version` prints the package version', async () => {
    // A dev dependency that a runtime dependency also needs (ajv, through fastify) is not dev-only:
    // the lock file marks the dev-only ones.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const devOnly = Object.keys(pkg.devDependencies).filter((d) => lock.packages[`node_modules/${d}`]?.dev === true);
    expect(devOnly).toEqual(expect.arrayContaining(['typescript', 'jest', 'tsx', 'esbuild']));
    for (const dev of devOnly) expect({ dev, installed: existsSync(join(project, 'node_modules', dev)) }).toEqual({ dev, installed: false });
    const r = await kwsync('--version');
    // Packed with --ignore-scripts and installed outside any kwsync checkout: no commit is known, and it says so.
    expect(r.stdout.trim()).toBe(`${pkg.version} (unknown commit)`);
    expect(r.code).toBe(0);
  });

  it('runs init and validate in the adopting project, with the schema hint pointing into the installed package', async () => {
    // Packed with --ignore-scripts (no prepack), so the package records no commit: name one.
    const init = await kwsync('init', '--app-id', 'app123', '--ref', '0123456789abcdef0123456789abcdef01234567');
    expect(init.code).toBe(0);
    for (const file of ['keywords/example-words.yaml', 'keywords/kwsync.yaml']) {
      const schema = /\$schema=(\S+)/.exec(readFileSync(join(project, file), 'utf8'))![1]!;
      expect({ file, schemaFound: existsSync(join(project, 'keywords', schema)) }).toEqual({ file, schemaFound: true });
    }
    const validate = await kwsync('validate');
    expect(validate.stdout).toContain('1 list, 0 errors, 0 warnings');
    expect(validate.code).toBe(0);
    const invalid = await kwsync('validate', '--dir', 'nowhere');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('keywords folder not found');
    expect(invalid.stderr).not.toMatch(/\n\s+at /);
  });

  it('is a typed library: a TypeScript consumer (nodenext) type-checks against the shipped .d.ts and runs against the emulator', async () => {
    const consumer = join(project, 'consumer');
    mkdirSync(consumer);
    // The compiler and Node's types come from this repository: the adopting project installs neither.
    // skipLibCheck: the consumer's code is checked against the shipped types (the @ts-expect-error
    // lines prove they are not `any`); checking every dependency's .d.ts as well took 5x longer.
    const tsconfig = {
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmitOnError: true,
        outDir: 'out',
        types: ['node'],
        typeRoots: [join(root, 'node_modules/@types')],
        skipLibCheck: true,
      },
      files: ['consumer.mts'],
    };
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    writeFileSync(join(consumer, 'consumer.mts'), CONSUMER);
    const tsc = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', consumer], consumer);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);

    const emu = await startEmulator({ port: 0 });
    try {
      const keys = { KW_KEY: emu.apiKey, KW_CHAT: emu.chatBaseUrl, KW_CALLS: emu.callsBaseUrl, KW_GROUP: BUSY_GROUP };
      const r = await exec(process.execPath, [join(consumer, 'out/consumer.mjs')], { cwd: consumer, env: { ...env, ...keys } });
      const out = JSON.parse(r.stdout);
      expect(out.messages).toHaveLength(5);
      for (const type of out.messages) expect(['text', 'image']).toContain(type);
      expect(out.calls.length).toBeGreaterThan(0);
      for (const n of out.calls) expect(n).toBe(2);
      expect(out).toMatchObject({
        errors: 0,
        plan: ['create mild'],
        changes: true,
        created: expect.stringMatching(/_mild_\d+$/),
        missing: 404,
        invalid: 1,
        categories: ['word', 'pattern', 'sentence-similarity'],
      });
    } finally {
      await emu.close();
    }
  }, 120_000);

  it('says in one line, without a stack trace, when the compiled CLI is missing (a git install whose build did not run)', async () => {
    const bare = join(tmp, 'bare');
    mkdirSync(join(bare, 'bin'), { recursive: true });
    writeFileSync(join(bare, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(bare, 'bin/kwsync.js'), readFileSync(join(root, 'bin/kwsync.js')));
    const r = await run(process.execPath, [join(bare, 'bin/kwsync.js'), '--version'], bare);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('kwsync: the compiled CLI is missing');
    expect(r.stderr).toContain('hint: run `npm run build`');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

/** The consumer: the library entry as an adopting TypeScript project uses it (ESM, nodenext). */
const CONSUMER = `
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiError,
  CATEGORIES,
  DEFAULT_CONFIG,
  computePlan,
  createClient,
  createKeywordList,
  createKeywordTarget,
  getKeywordList,
  listCalls,
  listGroupMessages,
  planHasChanges,
  readLiveLists,
  validateRepo,
  type Call,
  type CallsQuery,
  type GroupMessagesQuery,
  type KeywordList,
  type Message,
  type Plan,
  type RepoValidation,
} from 'kwsync';

// Were the shipped types missing (any), these expected errors would not happen and tsc would fail.
// @ts-expect-error limit is a number
const wrongLimit: GroupMessagesQuery = { limit: 'ten' };
// @ts-expect-error a list's category is one of three
const wrongCategory: KeywordList = { id: 'x', name: 'x', description: '', category: 'words', searchTerms: [] };
void wrongLimit, wrongCategory;

const env = process.env;
const client = createClient({ apiKey: env.KW_KEY!, baseUrl: env.KW_CHAT!, callsBaseUrl: env.KW_CALLS! });
const query: GroupMessagesQuery = { limit: 5, types: ['text', 'image'], hideReplies: true, mentionsWithTagInfo: true };
const page = await listGroupMessages(client, env.KW_GROUP!, query);
const callsQuery: CallsQuery = { participantsCount: 2, perPage: 100 };
const calls: Call[] = (await listCalls(client, callsQuery)).data;

// A keywords folder: validated, planned against the app, written.
const dir = mkdtempSync(join(tmpdir(), 'kwsync-consumer-'));
mkdirSync(join(dir, 'keywords'));
writeFileSync(join(dir, 'keywords', 'mild.yaml'), 'id: mild\\nname: Mild\\ncategory: word\\nsearchTerms: [darn, heck]\\n');
const validation: RepoValidation = await validateRepo({ dir: 'keywords', cwd: dir });
const live = await readLiveLists(createKeywordTarget(client, 'emulator'), validation.lists.map((l) => l.id));
const plan: Plan = computePlan(validation.lists, live.lists, { target: 'emulator', prune: false, safety: DEFAULT_CONFIG.safety });
const created = await createKeywordList(client, validation.lists[0]!);
let missing: number | undefined;
try {
  await getKeywordList(client, 'no-such-list');
} catch (err) {
  if (err instanceof ApiError) missing = err.status;
}
writeFileSync(join(dir, 'keywords', 'bad.yaml'), 'id: bad\\nname: Bad\\ncategory: words\\nsearchTerms: [a]\\n');
const invalid = (await validateRepo({ dir: 'keywords', cwd: dir })).errorCount;
await client.close();
console.log(JSON.stringify({
  messages: page.data.map((m: Message) => m.type),
  calls: calls.map((c) => c.totalParticipants),
  errors: validation.errorCount,
  plan: plan.changes.map((c) => c.kind + ' ' + c.id),
  changes: planHasChanges(plan),
  created: created.revisionId,
  missing,
  invalid,
  categories: CATEGORIES,
}));
`;
