// Issue 32 item 3, "move, don't lose": compares the content blocks (paragraphs, list items, tables,
// code blocks; not headings) of README.md + docs/*.md at a base commit with the working tree's, as
// multisets. Links and page names are normalised, since moving content is what changes them.
// Run: npx tsx test/docs/moved-content.ts <base-commit>   (prints what was removed and what was added)
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: true });
const BLOCKS = new Set(['paragraph_open', 'fence', 'code_block', 'table_open', 'html_block']);

export function normalise(block: string): string {
  return block
    .replace(/\[([^\]]*)\]\((?![a-z][a-z0-9+.-]*:)[^)\s]*\)/gi, '[→]') // a relative link, whatever its text and target
    .replace(/(?<![\w/.-])(?:docs\/)?[a-z-]+\.md\b/g, 'PAGE.md')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The content blocks of one markdown text, each as its source lines with list and quote markers dropped. */
export function blocksOf(markdown: string): string[] {
  const lines = markdown.split('\n');
  return md
    .parse(markdown, {})
    .filter((t) => BLOCKS.has(t.type) && t.map)
    .map((t) => {
      const [from, to] = t.map!;
      return lines
        .slice(from, to)
        .map((l, i) => (i === 0 ? l.replace(/^[\s>]*(?:[-*+]|\d+[.)])\s+/, '') : l).replace(/^[\s>]+/, ''))
        .join('\n');
    })
    .map(normalise)
    .filter((b) => b !== '');
}

function pages(read: (path: string) => string, list: string[]): string[] {
  return list.filter((p) => p !== 'docs/architecture.md').flatMap((p) => blocksOf(read(p)));
}

function count(blocks: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const b of blocks) m.set(b, (m.get(b) ?? 0) + 1);
  return m;
}

function minus(a: Map<string, number>, b: Map<string, number>): string[] {
  return [...a].flatMap(([k, n]) => Array<string>(Math.max(0, n - (b.get(k) ?? 0))).fill(k));
}

if (process.argv[1]?.endsWith('moved-content.ts')) {
  const base = process.argv[2] ?? 'HEAD';
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const oldList = ['README.md', ...git('ls-tree', '--name-only', `${base}:docs`).split('\n').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const newList = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const before = pages((p) => git('show', `${base}:${p}`), oldList);
  const after = pages((p) => readFileSync(p, 'utf8'), newList);
  const removed = minus(count(before), count(after));
  const added = minus(count(after), count(before));
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}...` : s);
  console.log(`blocks before: ${before.length} (${oldList.length} files); after: ${after.length} (${newList.length} files)`);
  console.log(`removed (in ${base}, not now): ${removed.length}`);
  for (const b of removed) console.log(`  - ${cut(b)}`);
  console.log(`added (now, not in ${base}): ${added.length}`);
  for (const b of added) console.log(`  + ${cut(b)}`);
  const dup = [...count(after)].filter(([k, n]) => n > (count(before).get(k) ?? 0) && (count(before).get(k) ?? 0) > 0);
  console.log(`blocks now more often than before: ${dup.length}`);
}
