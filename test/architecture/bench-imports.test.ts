// The benches import the compiled tree by path strings tsc cannot check (`${dist}/sync/service.js`),
// so a module moved in src/ broke `npm run bench -- --check` without a failing test once. Every such
// import names a module of src/ that exports each name the bench takes from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BENCH = join(process.cwd(), 'bench');

/** `const { a, b } = await import(<dist>/x/y.js)` in its two spellings, and plain module lists. */
function distImports(text: string): { module: string; names: string[] }[] {
  const out: { module: string; names: string[] }[] = [];
  const destructured = /const \{([^}]*)\} = await import\((?:`\$\{dist\}\/|pathToFileURL\(join\(dist, ')([\w/-]+)\.js/g;
  for (const m of text.matchAll(destructured)) out.push({ module: m[2]!, names: m[1]!.split(',').map((n) => n.trim().split(':')[0]!.trim()).filter(Boolean) });
  for (const list of text.matchAll(/for \(const \w+ of \[([^\]]*)\]\) await import\(`\$\{dist\}\//g)) {
    for (const m of list[1]!.matchAll(/'([\w/-]+)\.js'/g)) out.push({ module: m[1]!, names: [] });
  }
  return out;
}

const imports = readdirSync(BENCH)
  .filter((f) => /\.(ts|mjs)$/.test(f))
  .flatMap((file) => distImports(readFileSync(join(BENCH, file), 'utf8')).map((i) => ({ file, ...i })));

it('finds the benches\' imports of the compiled tree, in both spellings', () => {
  expect(imports.map((i) => i.module)).toEqual(expect.arrayContaining(['validate/index', 'sync/service', 'apply/index']));
  expect(distImports('const { x, y: z } = await import(`${dist}/a/b.js`);\nfor (const m of [\'c/d.js\']) await import(`${dist}/${m}`);')).toEqual([
    { module: 'a/b', names: ['x', 'y'] },
    { module: 'c/d', names: [] },
  ]);
});

it.each(imports.map((i) => [`${i.file}: ${i.module}`, i] as const))('%s exists in src/ with the names the bench takes', async (_, i) => {
  const mod = (await import(`../../src/${i.module}.js`)) as Record<string, unknown>;
  expect({ module: i.module, missing: i.names.filter((n) => mod[n] === undefined) }).toEqual({ module: i.module, missing: [] });
});
