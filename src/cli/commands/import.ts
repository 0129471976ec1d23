// `kwsync import`: bootstrap a repo from an existing app by writing its live lists into files.
import { importable, listFilesFor, splitManaged, writeListFiles } from '../../import/index.js';
import { EXIT } from '../../errors.js';
import { DEFAULT_CONFIG } from '../../model/config.js';
import { readLiveLists, truncationNote } from '../../plan/index.js';
import type { CliIO } from '../io.js';
import { connectTarget, loadRepo, resolvePath } from '../target.js';
import type { RegisterCommand } from './index.js';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ImportCommandOptions {
  dir: string;
  target?: string;
  force?: boolean;
}

export async function runImport(io: CliIO, opts: ImportCommandOptions): Promise<number> {
  const dir = resolvePath(io, opts.dir);
  // A new repo has no folder yet: then there is no kwsync.yaml either, and the environment decides.
  const repo = existsSync(dir) ? await loadRepo(io, opts.dir, false) : { config: DEFAULT_CONFIG, lists: [] };
  const target = connectTarget(io, repo.config, opts.target);
  const read = await readLiveLists(target, repo.lists.map((l) => l.id));
  const live = read.lists;
  const note = truncationNote(read);
  if (note) io.stderr.write(`warning: ${note}\n`);
  const managed = repo.lists.map((l) => ({ id: l.id, file: l.source.file }));
  const isOwnFile = (id: string, file: string) => resolve(io.cwd, file) === join(dir, `${id}.yaml`);
  const { toWrite, skipped } = splitManaged(importable(live), managed, { force: opts.force === true, isOwnFile });
  const written = await writeListFiles(listFilesFor(toWrite, target.label), { dir, cwd: io.cwd, force: opts.force === true });
  const lists = toWrite.length;
  const defaults = live.filter((l) => l.default).length;
  const empty = live.filter((l) => !l.default && l.searchTerms.length === 0).map((l) => l.id);
  io.stdout.write(
    `Imported ${lists} list${lists === 1 ? '' : 's'} from ${target.label} into ${opts.dir}` +
      `${defaults > 0 ? ` (${defaults} default list${defaults === 1 ? '' : 's'} left out)` : ''}:\n` +
      written.map((f) => `  ${f}\n`).join('') +
      (skipped.length > 0 ? 'Not written, because a list file of the folder already defines them:\n' : '') +
      skipped.map((m) => `  ${m.id}: already managed by ${m.files.join(', ')}\n`).join('') +
      (empty.length > 0 ? `Left out, because a list file needs at least one term (they stay unmanaged): ${empty.join(', ')}\n` : '') +
      'Next: kwsync plan   (should show no changes), then commit the files.\n',
  );
  return EXIT.ok;
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('import')
    .description('write the live lists (not the default ones) into list files, to start a repo from an existing app')
    .option('--dir <dir>', 'the keywords folder to write into', 'keywords')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, or the environment)')
    .option('--force', 'overwrite existing files, including a list\'s own <id>.yaml')
    .addHelpText(
      'after',
      `
Writes <id>.yaml per list; a list with more than 50 terms, or a term containing a comma, gets its
terms in <id>.csv beside it. Existing files are never overwritten without --force. A list whose id
a file of the folder already defines (under any name) is not written again, and is named.

Examples:
  kwsync import
  kwsync import --dir keywords --target prod --force`,
    )
    .action(async (opts: ImportCommandOptions) => {
      setExitCode(await runImport(ctx.io, opts));
    });
};
