// The layers of src/ (layers.ts, shown in docs/architecture.md) hold: no import goes up the table
// or across a layer, every folder of src/ is placed, and the command registry is no circle. The
// checker is run on planted files first, so a broken scanner cannot pass by finding nothing.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS, readSources, relativeImports, renderLayerTable, resolveImport, upwardImports, type SourceFile, type Violation } from './layers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const sources = readSources(ROOT);
const show = (v: Violation) => `${v.file} imports '${v.imports}': ${v.why}`;

/** Strongly connected groups of more than one file (import cycles), by Tarjan's algorithm. */
function cycles(files: readonly SourceFile[], runtimeOnly = false): string[][] {
  const paths = new Set(files.map((f) => f.path));
  const edges = new Map(files.map((f) => [f.path, relativeImports(f.text, runtimeOnly).map((s) => resolveImport(f.path, s)).filter((p) => paths.has(p))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f.path)) visit(f.path);
  return groups;
}

describe('the checker', () => {
  const planted: SourceFile[] = [
    { path: 'src/model/planted.ts', text: "import { run } from '../cli/run.js';\n" },
    { path: 'src/plan/planted.ts', text: "export async function f() {\n  return import('../sync/service.js');\n}\n" },
    { path: 'src/github/planted.ts', text: "export * from '../status/read-status.js';\nexport {\n  a,\n} from '../apply/index.js';\n" },
    { path: 'src/cli/planted.ts', text: "import '../action/main.js';\n" },
    { path: 'src/validate/planted.ts', text: "import { x } from '../targets/select.js';\n" },
    { path: 'src/api/planted.ts', text: "// import { y } from '../cli/run.js';\nimport { z } from './client.js';\nimport { m } from '../model/plan.js';\n" },
    { path: 'src/newfolder/planted.ts', text: "import { m } from '../model/plan.js';\n" },
  ];

  it('names each planted upward, cross-layer and unplaced import, and nothing else', () => {
    expect(upwardImports(planted).map(show)).toEqual([
      "src/model/planted.ts imports '../cli/run.js': model (layer 12) imports cli, a layer above (1)",
      "src/plan/planted.ts imports '../sync/service.js': plan (layer 6) imports sync, a layer above (2)",
      "src/github/planted.ts imports '../status/read-status.js': github (layer 4) imports status, a layer above (3)",
      "src/github/planted.ts imports '../apply/index.js': github (layer 4) imports apply, a layer above (3)",
      "src/cli/planted.ts imports '../action/main.js': cli imports action, another folder of its own layer (1)",
      "src/newfolder/planted.ts imports '../model/plan.js': newfolder is in no layer of the table",
    ]);
  });

  it('finds an upward import planted in the real tree', () => {
    const extra = { path: 'src/model/planted.ts', text: "import type { CliIO } from '../cli/io.js';\n" };
    const found = upwardImports([...sources, extra]);
    expect(found.map(show)).toEqual(["src/model/planted.ts imports '../cli/io.js': model (layer 12) imports cli, a layer above (1)"]);
  });

  it('reads the real tree: hundreds of imports between folders', () => {
    const crossing = sources.flatMap((f) => relativeImports(f.text).map((s) => [f.path, resolveImport(f.path, s)] as const)).filter(([a, b]) => a.split('/')[1] !== b.split('/')[1]);
    expect(crossing.length).toBeGreaterThan(500);
  });

  it('finds an import cycle', () => {
    const files = [
      { path: 'src/cli/commands/index.ts', text: "import { register } from './a.js';\n" },
      { path: 'src/cli/commands/a.ts', text: "import type { R } from './index.js';\n" },
      { path: 'src/cli/commands/b.ts', text: "import type { R } from './command.js';\n" },
      { path: 'src/cli/commands/command.ts', text: '' },
    ];
    expect(cycles(files)).toEqual([['src/cli/commands/a.ts', 'src/cli/commands/index.ts']]);
    // The back edge is a type import: no cycle once compiled.
    expect(cycles(files, true)).toEqual([]);
  });
});

describe('src/ keeps to the layers', () => {
  it('places every top-level folder and file of src/ in exactly one layer', () => {
    const entries = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')))
      .map((e) => e.name.replace(/\.ts$/, ''))
      .sort();
    const placed = LAYERS.flatMap((l) => l.folders);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual(entries);
  });

  it('has no import going up the table or across a layer (each is named with its file)', () => {
    expect(upwardImports(sources).map(show)).toEqual([]);
  });


  it('no file outside src/action imports from it, and none outside src/cli from the CLI', () => {
    const reach = sources.flatMap((f) => relativeImports(f.text).map((s) => ({ file: f.path, to: resolveImport(f.path, s) })));
    expect(reach.filter((r) => r.to.startsWith('src/action/') && !r.file.startsWith('src/action/'))).toEqual([]);
    expect(reach.filter((r) => r.to.startsWith('src/cli/') && !r.file.startsWith('src/cli/'))).toEqual([]);
  });

  it('docs/architecture.md shows the table as it is', () => {
    expect(readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8')).toContain(renderLayerTable());
  });
});

describe('the command registry', () => {
  it('no command imports the list of commands', () => {
    const commands = sources.filter((f) => f.path.startsWith('src/cli/commands/') && f.path !== 'src/cli/commands/index.ts');
    const back = commands.filter((f) => relativeImports(f.text).some((s) => resolveImport(f.path, s) === 'src/cli/commands/index.ts'));
    expect(back.map((f) => f.path)).toEqual([]);
  });

  it('src/cli/commands is on no import cycle, type imports counted (the registry included)', () => {
    // Each <name>-run.ts owns its options type; <name>.ts only type-imports it and loads it when run.
    expect(cycles(sources).filter((g) => g.some((p) => p.startsWith('src/cli/commands/')))).toEqual([]);
  });
});
