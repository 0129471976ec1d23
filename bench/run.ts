// `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line).
// Benchmarks print figures beside a baseline measured in the same run; they assert nothing.
// `npm run bench -- --check` runs the hot paths against bench/bounds.json instead (bench/check.ts).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCheck } from './check.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--check')) {
  process.exitCode = await runCheck();
} else {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => args.length === 0 || args.some((w) => f.startsWith(w)))
    .sort();
  for (const file of files) {
    console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}`);
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
    await mod.default();
  }
}
