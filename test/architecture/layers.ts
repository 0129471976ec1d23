// The layers of src/, top (the shells) to bottom (the model): the one rule table. A file may import
// from its own top-level folder and from any folder in a layer below its own; never from a layer
// above, nor from another folder of its own layer (unless the layer is one unit). docs/architecture.md
// shows this table as renderLayerTable prints it, and import-direction.test.ts holds both to it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

export interface Layer {
  /** The top-level entries of src/: a folder, or a file without its `.ts` (errors, lib). */
  folders: readonly string[];
  holds: string;
  /** Folders of this layer import each other (they are one unit split over folders). */
  oneUnit?: boolean;
}

export const LAYERS: readonly Layer[] = [
  { folders: ['cli', 'action', 'lib'], holds: 'the shells: the `kwsync` commands, the GitHub Action, the library entry; read inputs, call the use cases, render' },
  { folders: ['sync'], holds: 'the use cases both shells call: plan, apply, drift, status, preview; where a command goes (service settings, connection)' },
  { folders: ['apply', 'doctor', 'emulator', 'fmt', 'import', 'init', 'status'], holds: "one command's own work each: apply a plan, probe the service, the emulator, format, import, scaffold, what is live" },
  { folders: ['explain', 'github'], holds: 'why a message is caught; GitHub: comments, checks, deployments, the PR head read through the API' },
  { folders: ['preview'], holds: 'what a change would catch in recent messages' },
  { folders: ['plan'], holds: 'the plan: compute, three-way, render; the keywords folder at a commit (base-lists), live edits' },
  { folders: ['validate', 'targets'], holds: 'validation rules and the targets of kwsync.yaml (one unit: each calls the other)', oneUnit: true },
  { folders: ['load'], holds: 'reading list files and kwsync.yaml from disk' },
  { folders: ['api', 'match', 'similarity'], holds: "the CometChat REST client; term matching; the sentence model's embeddings" },
  { folders: ['render'], holds: 'text helpers: markdown escaping, look-alike characters' },
  { folders: ['errors'], holds: 'the error classes and exit codes' },
  { folders: ['model'], holds: 'types and schemas: config, lists, plan, target; imports nothing of src/' },
];


/** The layer index (0 is the top) of every top-level entry of src/. */
export function rankOf(layers: readonly Layer[] = LAYERS): Map<string, number> {
  const rank = new Map<string, number>();
  layers.forEach((l, i) => l.folders.forEach((f) => rank.set(f, i)));
  return rank;
}

/** The top-level entry of src/ a path under src/ belongs to (`src/plan/x.ts` → plan, `src/errors.ts` → errors). */
export function topOf(srcPath: string): string {
  const parts = srcPath.split('/');
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(/(\.d)?\.ts$/, '');
}

export interface SourceFile {
  /** Relative to the repository root, with forward slashes: `src/plan/compute-plan.ts`. */
  path: string;
  text: string;
}

/**
 * Every relative import of a file: static `import`/`export ... from`, bare `import '...'` and literal
 * `import('...')`. With `runtimeOnly`, `import type`/`export type` are left out (they vanish when compiled).
 */
export function relativeImports(text: string, runtimeOnly = false): string[] {
  // Comment lines are dropped so a comment quoting an import is not one; strings are not stripped.
  let code = text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  if (runtimeOnly) code = code.replace(/\b(?:import|export)\s+type\s*\{[^}]*\}\s*from\s*['"][^'"]+['"]/g, '');
  const found: string[] = [];
  for (const re of [/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g, /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g, /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g]) {
    for (const m of code.matchAll(re)) found.push(m[1]!);
  }
  return found;
}

/** Where a relative import of `from` points, as a path under src/ (`.js` read as `.ts`). */
export function resolveImport(from: string, spec: string): string {
  return normalize(join(dirname(from), spec)).split(sep).join('/').replace(/\.js$/, '.ts');
}

export interface Violation {
  file: string;
  imports: string;
  why: string;
}

/** Each import that goes up the table or across a layer; an entry of src/ not in the table is one too. */
export function upwardImports(files: readonly SourceFile[], layers: readonly Layer[] = LAYERS): Violation[] {
  const rank = rankOf(layers);
  const out: Violation[] = [];
  for (const f of files) {
    const from = topOf(f.path);
    for (const spec of relativeImports(f.text)) {
      const target = resolveImport(f.path, spec);
      if (!target.startsWith('src/')) continue;
      const to = topOf(target);
      if (to === from) continue;
      const rf = rank.get(from);
      const rt = rank.get(to);
      if (rf === undefined || rt === undefined) {
        out.push({ file: f.path, imports: spec, why: `${rf === undefined ? from : to} is in no layer of the table` });
      } else if (rt < rf) {
        out.push({ file: f.path, imports: spec, why: `${from} (layer ${rf + 1}) imports ${to}, a layer above (${rt + 1})` });
      } else if (rt === rf && !layers[rf]!.oneUnit) {
        out.push({ file: f.path, imports: spec, why: `${from} imports ${to}, another folder of its own layer (${rf + 1})` });
      }
    }
  }
  return out;
}

/** Every `.ts` file under `dir` (relative to `root`), read. */
export function readSources(root: string, dir = 'src'): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (abs: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const p = join(abs, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) files.push({ path: relative(root, p).split(sep).join('/'), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(root, dir));
  return files;
}

/** The table as docs/architecture.md shows it. */
export function renderLayerTable(layers: readonly Layer[] = LAYERS): string {
  const n = layers.length;
  const below = (i: number) => (i === n - 1 ? 'nothing of src/' : i === n - 2 ? `layer ${n}` : `layers ${i + 2}–${n}`);
  const rows = layers.map((l, i) => `| ${i + 1} | ${l.folders.map((f) => `\`${f}\``).join(', ')} | ${l.holds} | ${below(i)}${l.oneUnit ? '; and each other' : ''} |`);
  return ['| Layer | Folders of `src/` | What it holds | May import |', '|---|---|---|---|', ...rows].join('\n');
}
