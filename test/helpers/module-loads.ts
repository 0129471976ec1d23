// validateRepo in a child process of its own, whose ESM resolutions a loader hook records: the real
// path for tests that prove a costly module is loaded only when a check can find something.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The rules validate reported for `dir/keywords`, and each resolution of a module under `node_modules/<one of packages>/`. */
export function validateLoading(dir: string, packages: readonly string[]): { rules: string[]; loaded: string[] } {
  return loading(dir, `node_modules/(${packages.join('|')})/`);
}

/** The same for kwsync's own modules: each resolution of `src/<one of files>` (written without extension, e.g. `validate/csv-rows`). */
export function validateLoadingSources(dir: string, files: readonly string[]): { rules: string[]; loaded: string[] } {
  return loading(dir, `/src/(${files.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\.[jt]s$`);
}

function loading(dir: string, pattern: string): { rules: string[]; loaded: string[] } {
  const watched = JSON.stringify(pattern);
  const resolveHook = `const w = new RegExp(${watched}); export async function resolve(s, c, n) { const r = await n(s, c); if (w.test(r.url)) process.stderr.write("LOADED " + r.url + "\\n"); return r; }`;
  const hook = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(resolveHook)}`)});`)}`;
  const entry = pathToFileURL(join(root, 'src/validate/index.ts')).href;
  const script = `const { validateRepo } = await import(${JSON.stringify(entry)}); const r = await validateRepo({ dir: 'keywords', cwd: ${JSON.stringify(dir)} }); console.log(JSON.stringify(r.diagnostics.map((d) => d.rule)));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', hook, '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return { rules: JSON.parse(r.stdout.trim().split('\n').at(-1)!) as string[], loaded: r.stderr.split('\n').filter((l) => l.startsWith('LOADED')) };
}
