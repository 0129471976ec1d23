// The files `kwsync init` writes, and writing them without ever replacing one that exists.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { EXAMPLE_RULE_FILE, exampleListText, exampleRuleText, kwsyncYamlText, type TargetSeed } from './list-templates.js';
import { WORKFLOW_KINDS, workflowFileName, workflowText, type WorkflowKind } from './workflow-templates.js';

export interface ScaffoldFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface ScaffoldOptions {
  dir: string;
  /** One target, or several (`--targets`). */
  target: TargetSeed | readonly TargetSeed[];
  uses: (kind: WorkflowKind) => string;
  branch: string;
  /** List files to start with instead of the example (for instance from `import`). */
  lists?: readonly { name: string; text: string }[];
}

export function scaffoldFiles(opts: ScaffoldOptions): ScaffoldFile[] {
  const dir = opts.dir.replace(/\/+$/, '');
  const lists = opts.lists && opts.lists.length > 0 ? opts.lists : [{ name: 'example-words.yaml', text: exampleListText(dir) }, { name: EXAMPLE_RULE_FILE, text: exampleRuleText(dir) }];
  return [
    { path: `${dir}/kwsync.yaml`, text: kwsyncYamlText(dir, opts.target) },
    ...lists.map((l) => ({ path: `${dir}/${l.name}`, text: l.text })),
    ...WORKFLOW_KINDS.map((k) => ({ path: `.github/workflows/${workflowFileName(k)}`, text: workflowText(k, { uses: opts.uses, dir, branch: opts.branch }) })),
    // `npm install -D kwsync` makes node_modules/; a new repository should not commit it. An existing
    // .gitignore is kept as it is, like every other file.
    { path: '.gitignore', text: 'node_modules/\n' },
  ];
}

/** Writes each file that does not exist yet; an existing one is kept as it is and reported. */
export async function writeScaffold(files: readonly ScaffoldFile[], root: string): Promise<{ written: string[]; kept: string[] }> {
  const written: string[] = [];
  const kept: string[] = [];
  for (const f of files) {
    const abs = join(root, f.path);
    await mkdir(dirname(abs), { recursive: true });
    try {
      // 'wx' fails if the file exists: no check-then-write race with another writer.
      await writeFile(abs, f.text, { encoding: 'utf8', flag: 'wx', mode: 0o644 });
      written.push(f.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      kept.push(f.path);
    }
  }
  return { written, kept };
}

