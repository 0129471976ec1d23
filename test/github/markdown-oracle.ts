// markdown-it with GitHub's autolinks (http(s)://, www., e-mail) and HTML on: the oracle that tells
// whether a body kwsync posts lets untrusted text take effect as markdown.
import { expect } from '@jest/globals';
import MarkdownIt from 'markdown-it';

export const md = new MarkdownIt({ html: true, linkify: true });
// GitHub autolinks `http(s)://`, `www.` and e-mail addresses, not bare domains or `//host`.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
md.linkify.add('//', null);
export type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

/** Our own HTML: the marker comment, <details>/<summary>, <code>, <sub>. */
// kwsync's own markers: the per-target ones of old, and the one comment's (issue 30) plan, section and end markers.
const OWN_HTML = /<!-- kwsync:plan -->|<!-- kwsync:section target=[\w.-]+ summary=[\w-]* run=[\w-]* digest=[0-9a-f]{16} -->|<!-- kwsync:end target=[\w.-]+ -->|<!-- kwsync:[a-z]+ target=[\w-]+ -->|<\/?(details|summary|code|sub)>/g;

function walk(tokens: Token[]): Token[] {
  return tokens.flatMap((t) => [t, ...walk(t.children ?? [])]);
}

/**
 * Nothing an attacker wrote took effect: links go only to `allowedHrefs` (kwsync's run), no image,
 * only kwsync's own HTML, no mention, issue reference or URL GitHub would link in the text, and no
 * heading carrying the attacker's words.
 */
export function assertInert(body: string, allowedHrefs: ReadonlySet<string>): void {
  const all = walk(md.parse(body, {}));
  expect(all.filter((t) => t.type === 'image')).toEqual([]);
  for (const link of all.filter((t) => t.type === 'link_open')) expect(allowedHrefs.has(String(link.attrGet('href') ?? ''))).toBe(true);
  for (const h of all.filter((t) => t.type === 'html_inline' || t.type === 'html_block')) expect(h.content.replace(OWN_HTML, '')).not.toMatch(/<[a-z!/]/i);
  const text = all.filter((t) => t.type === 'text').map((t) => t.content).join('\n');
  expect(text).not.toMatch(/@(team|org)/);
  expect(text).not.toMatch(/https?:\/\/|www\.evil/);
  expect(text).not.toMatch(/#1\b|GH-12/);
  for (const [i, h] of all.entries()) if (h.type === 'heading_open') expect(all[i + 1]!.content).not.toMatch(/Approved|LGTM|fake heading/);
}
