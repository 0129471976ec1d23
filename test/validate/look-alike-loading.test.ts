// The look-alike data (unicode-name's character names, unhomoglyph's confusables.txt: ~400 ms of
// module loading) are imported by validate only when a term holds a non-ASCII character, the only
// kind the look-alike rules can warn. Through the real path: validateRepo in a child process of its
// own, whose module resolutions a loader hook records on stderr.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const resolveHook = 'export async function resolve(s, c, n) { const r = await n(s, c); if (/node_modules\\/(unicode-name|unhomoglyph)\\//.test(r.url)) process.stderr.write("LOADED " + r.url + "\\n"); return r; }';
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
  dir = mkdtempSync(join(tmpdir(), 'kwsync-lookalike-load-'));
  mkdirSync(join(dir, 'keywords'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeList = (terms: string[]) => {
  writeFileSync(join(dir, 'keywords', 'scam.yaml'), 'id: scam\nname: Scam\ncategory: word\nfile: scam.csv\n');
  writeFileSync(join(dir, 'keywords', 'scam.csv'), `term\n${terms.join('\n')}\n`);
};

test('an all-ASCII folder is validated without loading the look-alike data', () => {
  writeList(['scam', 'sc4m', 'free money']);
  const r = validateIn(dir);
  expect(r.loaded).toEqual([]);
  expect(r.rules.filter((x) => x.startsWith('term-'))).toEqual([]);
}, 60_000);

test('a non-ASCII term loads them, and its look-alike is warned with the character named', () => {
  writeList(['scam', 's\u0441am']);
  const r = validateIn(dir);
  expect(r.loaded.some((l) => l.includes('unicode-name'))).toBe(true);
  expect(r.rules).toContain('term-mixed-script');
}, 60_000);
