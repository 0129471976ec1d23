// The CLI as users run it: the sources compiled with tsc into a temporary folder, as `npm run build`
// makes dist/, with bin/, package.json and a link to node_modules beside it. Benchmarks that time
// kwsync's own code import or start it from there, so tsx's compile-on-load is not counted.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CompiledTree {
  /** Holds dist/, bin/, package.json and node_modules (a link). */
  dir: string;
  remove(): void;
}

export function compileTree(root: string): CompiledTree {
  const dir = mkdtempSync(join(tmpdir(), 'kwsync-compiled-'));
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', join(dir, 'dist'), '--sourceMap', 'false'], { stdio: 'ignore' });
  } catch {
    // tsc exits non-zero on a type error elsewhere in a tree being edited; it still writes dist/.
  }
  cpSync(join(root, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
