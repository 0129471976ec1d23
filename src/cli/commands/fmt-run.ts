// The run of `kwsync fmt`: format in memory, then either report the files that differ (--check)
// or write each one atomically and say which changed.
import { EXIT, KwsyncError } from '../../errors.js';
import { firstDifference, formatRepo, type FileChange } from '../../fmt/format-repo.js';
import { writeFileAtomic } from '../../fmt/write-atomic.js';
import { displayLine } from '../../load/quote-value.js';
import { renderDiagnosticsText, renderSummary } from '../../validate/index.js';
import { useColor } from '../color.js';
import type { CliIO } from '../io.js';

export interface FmtOptions {
  dir: string;
  check: boolean;
}

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

export async function runFmt(io: CliIO, opts: FmtOptions): Promise<number> {
  const result = await formatRepo({ dir: opts.dir, cwd: io.cwd });
  if (!result.ok) {
    io.stderr.write(renderDiagnosticsText(result.diagnostics.filter((d) => d.severity === 'error'), { color: useColor(io.stderr, io.env) }));
    io.stderr.write(`${renderSummary(result.lists, result.errorCount, result.warningCount)}\n`);
    throw new KwsyncError(`${result.errorCount} error${result.errorCount === 1 ? '' : 's'} in the keyword lists; nothing was formatted`, {
      exitCode: EXIT.invalid,
      hint: 'fix the problems listed above, then run kwsync fmt again',
    });
  }
  if (opts.check) {
    if (result.changes.length === 0) {
      io.stdout.write(`${files(result.files)} checked, all in canonical form\n`);
      return EXIT.ok;
    }
    for (const change of result.changes) io.stdout.write(describe(change));
    io.stdout.write(`${files(result.changes.length)} of ${result.files} not in canonical form; run \`kwsync fmt\` and commit the result\n`);
    return EXIT.invalid;
  }
  for (const change of result.changes) {
    await writeFileAtomic(change.abs, change.after);
    io.stdout.write(`formatted ${displayLine(change.file)}\n`);
  }
  io.stdout.write(result.changes.length === 0 ? `${files(result.files)} checked, all in canonical form\n` : `${files(result.changes.length)} formatted, ${result.files - result.changes.length} already canonical\n`);
  return EXIT.ok;
}

/** `keywords/a.yaml:6 differs`, then the line as it is and as fmt writes it. */
function describe(change: FileChange): string {
  const d = firstDifference(change.before, change.after);
  const crlf = change.before.includes('\r\n') ? ', and CRLF line ends become LF' : '';
  if (!d) return `${displayLine(change.file)} differs\n`;
  return `${displayLine(change.file)}:${d.line} differs (first difference${crlf})\n    - ${displayLine(d.before)}\n    + ${displayLine(d.after)}\n`;
}
