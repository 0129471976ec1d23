// The pattern backtracking analysis (scslre with refa: 45-500 ms of module loading) is imported by
// validate only when a pattern list is checked. Through the real path: validateRepo in a child
// process of its own, whose ESM resolutions a loader hook records on stderr (the `import()` that
// validate awaits is one; a sync `require` fallback would not be, so the pattern case also proves
// the async path loaded it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const resolveHook = 'export async function resolve(s, c, n) { const r = await n(s, c); if (/node_modules\\/scslre\\//.test(r.url)) process.stderr.write("LOADED " + r.url + "\\n"); return r; }';
const HOOK = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(resolveHook)}`)});`)}`;

function validateIn(dir: string): { rules: string[]; loaded: string[] } {
  const entry = pathToFileURL(join(root, 'src/validate/index.ts')).href;
  const script = `const { validateRepo } = await import(${JSON.stringify(entry)}); const r = await validateRepo({ dir: 'keywords', cwd: ${JSON.stringify(dir)} }); console.log(JSON.stringify(r.diagnostics.map((d) => d.rule)));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', HOOK, '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return { rules: JSON.parse(r.stdout.trim().split('\n').at(-1)!) as string[], loaded: r.stderr.split('\n').filter((l) => l.startsWith('LOADED')) };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-backtracking-load-'));
  mkdirSync(join(dir, 'keywords'));
  writeFileSync(join(dir, 'keywords', 'scam.yaml'), 'id: scam\nname: Scam\ncategory: word\nsearchTerms:\n  - scam\n  - free money\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a folder of word lists is validated without loading the backtracking analysis', () => {
  const r = validateIn(dir);
  expect(r.loaded).toEqual([]);
  expect(r.rules).toEqual([]);
}, 60_000);

test('a pattern list loads it, and a backtracking pattern is still refused', () => {
  writeFileSync(join(dir, 'keywords', 'codes.yaml'), "id: codes\nname: Codes\ncategory: pattern\nsearchTerms:\n  - '(?:a{1,50}){1,50}b'\n");
  const r = validateIn(dir);
  expect(r.loaded.some((l) => l.includes('scslre'))).toBe(true);
  expect(r.rules.some((x) => x.endsWith('-backtracking'))).toBe(true);
}, 60_000);
