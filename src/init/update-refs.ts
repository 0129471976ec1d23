// `kwsync init --ref <sha>` where the workflows already exist: move the `uses:` lines that call
// kwsync's reusable workflows to the new reference and keep every other byte of the file as it is.
// Pure: text in, text and a verdict out; the shell reads and writes the files.

/** One existing workflow file after the update: changed lines, or why nothing changed. */
export type RefUpdate =
  | { changed: true; text: string; lines: number }
  | { changed: false; why: string };

/**
 * Rewrites `uses: REPO/.github/workflows/reusable-KIND.yml@OLD` (quoted or not, with or without a
 * trailing comment) to `@ref`. A `# vX.Y.Z` comment init wrote names the old commit's version, so
 * it is replaced by the new one's (or dropped when unknown); any other comment is kept.
 */
export function updateUsesRefs(text: string, repo: string, ref: string, version?: string): RefUpdate {
  const escaped = repo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(
    `^(\\s*(?:-\\s+)?uses:\\s*)(["']?)(${escaped}/\\.github/workflows/reusable-(?:plan|plan-live|apply|drift)\\.yml)@([^\\s"'#]+)\\2([ \\t]*#[^\\r\\n]*)?(\\r?)$`,
    'i',
  );
  const local = /^\s*(?:-\s+)?uses:\s*["']?\.\/\.github\/workflows\/reusable-(?:plan|plan-live|apply|drift)\.yml/;
  let calls = 0;
  let changedLines = 0;
  let byPath = false;
  const out = text.split('\n').map((l) => {
    if (local.test(l)) byPath = true;
    const m = line.exec(l);
    if (!m) return l;
    calls++;
    const [, lead, quote, path, old, comment = '', cr] = m;
    const versionComment = /^[ \t]*#\s*v\d[\w.+-]*\s*$/.test(comment);
    const tail = versionComment || comment === '' ? (version ? ` # v${version}` : '') : comment;
    const next = `${lead}${quote}${path}@${ref}${quote}${tail}${cr}`;
    if (next !== l && old !== ref) changedLines++;
    return old === ref ? l : next;
  });
  if (changedLines > 0) return { changed: true, text: out.join('\n'), lines: changedLines };
  if (calls > 0) return { changed: false, why: `already calls ${repo} at ${ref}` };
  if (byPath) return { changed: false, why: 'calls the reusable workflows by path (./.github/workflows/…), not by a reference' };
  return { changed: false, why: `no uses: line calls ${repo}'s reusable workflows; edit it by hand if it should` };
}
