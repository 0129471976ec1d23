// Links between the docs pages, read with markdown-it (links in code are not links), and headings
// turned into anchors as GitHub does, so a link is checked against the page as GitHub renders it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: true });
type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

/** GitHub's heading anchor: lower-case, punctuation dropped except `-` and `_`, each space a `-`. */
export function slug(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

const plain = (inline: Token): string =>
  (inline.children ?? []).filter((t) => t.type === 'text' || t.type === 'code_inline').map((t) => t.content).join('');

/** Every anchor a page offers: its headings (a repeated one gets -1, -2, … as on GitHub) and `<a id>`/`<a name>`. */
export function anchorsOf(markdown: string): Set<string> {
  const tokens = md.parse(markdown, {});
  const repeats = new Map<string, number>();
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    // github-slugger's numbering: the next free `<slug>-<n>`, so `Limits`, `Limits`, `Limits-1` stay apart.
    const base = slug(plain(tokens[i + 1]!));
    let anchor = base;
    while (out.has(anchor)) {
      repeats.set(base, (repeats.get(base) ?? 0) + 1);
      anchor = `${base}-${repeats.get(base)}`;
    }
    out.add(anchor);
  });
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]!);
  return out;
}

/** The relative link targets of a page (no scheme, no mailto), in order. */
export function linksOf(markdown: string): string[] {
  const out: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'link_open') out.push(String(t.attrGet('href') ?? ''));
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(markdown, {}));
  return out.filter((h) => !/^[a-z][a-z0-9+.-]*:/i.test(h));
}

export interface Problem {
  file: string;
  link: string;
  why: string;
}

/**
 * Checks one target (`page.md#anchor`, `#anchor`, a file) as seen from `from` (a path relative to
 * `root`). `pending` names files another branch adds: a link to one counts while it is missing.
 */
export function checkTarget(root: string, from: string, link: string, pending: string[] = []): Problem | undefined {
  const [rawPath, rawAnchor] = link.split('#', 2) as [string, string | undefined];
  const path = decodeURI(rawPath);
  const target = path === '' ? from : relative(root, normalize(join(root, dirname(from), path)));
  if (!existsSync(join(root, target))) {
    if (pending.includes(target) && rawAnchor === undefined) return undefined;
    return { file: from, link, why: `no file ${target}` };
  }
  if (rawAnchor === undefined || !target.endsWith('.md')) return undefined;
  const anchor = decodeURIComponent(rawAnchor);
  if (anchorsOf(readFileSync(join(root, target), 'utf8')).has(anchor)) return undefined;
  return { file: from, link, why: `no heading #${anchor} in ${target}` };
}

/** Every relative link of the given markdown files that does not lead to a file and heading. */
export function checkPages(root: string, files: string[], pending: string[] = []): Problem[] {
  return files.flatMap((file) =>
    linksOf(readFileSync(join(root, file), 'utf8'))
      .map((link) => checkTarget(root, file, link, pending))
      .filter((p): p is Problem => p !== undefined),
  );
}

/** `docs/<page>.md` and `docs/<page>.md#anchor` as written in source, comments and workflows. */
export function docReferences(text: string): string[] {
  return [...text.matchAll(/(?<![\w/.-])docs\/[\w-]+\.md(?:#[\w-]+)?/g)].map((m) => m[0]);
}
